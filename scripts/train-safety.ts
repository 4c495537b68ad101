/**
 * Trains the learned safety classifier (decision 080) from src/server/assistant/safety/classifier/corpus,
 * writes the committed weights file and prints JSON metrics on the test split (and on the validation
 * split, which the committed model has seen since decision 082).
 * Deterministic: the same corpus and code give byte-identical weights.
 * Usage: npm run train:safety [-- --compare] [-- --dry-run]
 *   --compare  also trains the alternative feature sets and prints their test-split metrics
 *   --dry-run  does not write the weights file
 *   --hold-out-round N  trains without blind round N (never writes weights) and prints how the whole
 *              safety layer with that model scores on round N: the closest thing to a blind number
 *              for a round that has already been used
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadCorpus } from '../src/server/assistant/safety/classifier/corpus.ts';
import { evaluate } from '../src/server/assistant/safety/classifier/evaluate.ts';
import { trainClassifier, FEATURE_SETS } from '../src/server/assistant/safety/classifier/pipeline.ts';
import { predictProbabilities, verdictFrom } from '../src/server/assistant/safety/classifier/predict.ts';
import { DEFAULT_TRAIN_OPTIONS } from '../src/server/assistant/safety/classifier/train.ts';
import { INITIAL_RISK_STATE } from '../src/server/assistant/safety/risk-state.ts';
import { scoreRound, type Round } from '../src/server/assistant/safety/evaluation/score-round.ts';
import { createSafetyLayer } from '../src/server/assistant/safety/safety-layer.ts';

const WEIGHTS_FILE = new URL('../src/server/assistant/safety/classifier/weights.bin', import.meta.url);

const { values } = parseArgs({
  options: { compare: { type: 'boolean', default: false }, 'dry-run': { type: 'boolean', default: false }, 'hold-out-round': { type: 'string' } },
});
if (values['hold-out-round'] !== undefined) {
  const roundNumber = Number(values['hold-out-round']);
  const round = JSON.parse(readFileSync(new URL(`../src/server/assistant/safety/evaluation/round-${roundNumber}.json`, import.meta.url), 'utf8')) as Round;
  const { model } = trainClassifier(loadCorpus({ withoutRounds: [roundNumber] }), DEFAULT_TRAIN_OPTIONS);
  const classify = (text: string) => verdictFrom(text, predictProbabilities(model, text), model.thresholds);
  const score = scoreRound(round, createSafetyLayer({ classify }));
  const alone = scoreRound(round, { readMessage: classify, assess: () => ({ state: { ...INITIAL_RISK_STATE }, alert: null, ask: null, screenedNo: false, aboutDanger: false }) });
  console.log(JSON.stringify({ round: roundNumber, thresholds: model.thresholds, layer: score, classifierAloneMessages: { recall: alone.messages.recall, falseAlarmRate: alone.messages.falseAlarmRate } }, null, 1));
  process.exit(0);
}
const corpus = loadCorpus();
const started = performance.now();

const comparison: Record<string, unknown> = {};
if (values.compare) {
  for (const [name, options] of Object.entries(FEATURE_SETS)) {
    const { model, split } = trainClassifier(corpus, options);
    const metrics = evaluate(model, split.test);
    comparison[name] = {
      buckets: options.buckets,
      thresholds: model.thresholds,
      crisisRecall: metrics.crisisRecall,
      falseAlarm: metrics.falseAlarm,
      hardNegativeFalseAlarm: metrics.hardNegativeFalseAlarm,
      concernRecall: metrics.concernRecall,
      perLanguage: metrics.perLanguage,
    };
  }
}

const { model, bytes, split } = trainClassifier(corpus, DEFAULT_TRAIN_OPTIONS);
if (!values['dry-run']) writeFileSync(WEIGHTS_FILE, bytes);
console.log(
  JSON.stringify(
    {
      corpus: { train: split.train.length, validation: split.validation.length, test: split.test.length },
      weights: { bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), written: !values['dry-run'] },
      thresholds: model.thresholds,
      trainSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      // With cross-validated calibration (decision 082) the committed model was fitted on the
      // validation split too: only the test split measures it.
      validationSeenByModel: evaluate(model, split.validation),
      test: evaluate(model, split.test),
      ...(values.compare ? { comparison } : {}),
    },
    null,
    2,
  ),
);
