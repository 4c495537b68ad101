/**
 * Trains the learned safety classifier (decision 080) from src/server/assistant/safety/classifier/corpus,
 * writes the committed weights file and prints JSON metrics on the validation and test splits.
 * Deterministic: the same corpus and code give byte-identical weights.
 * Usage: npm run train:safety [-- --compare] [-- --dry-run]
 *   --compare  also trains the alternative feature sets and prints their validation metrics
 *   --dry-run  does not write the weights file
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadCorpus } from '../src/server/assistant/safety/classifier/corpus.ts';
import { evaluate } from '../src/server/assistant/safety/classifier/evaluate.ts';
import { trainClassifier, FEATURE_SETS } from '../src/server/assistant/safety/classifier/pipeline.ts';
import { DEFAULT_TRAIN_OPTIONS } from '../src/server/assistant/safety/classifier/train.ts';

const WEIGHTS_FILE = new URL('../src/server/assistant/safety/classifier/weights.bin', import.meta.url);

const { values } = parseArgs({ options: { compare: { type: 'boolean', default: false }, 'dry-run': { type: 'boolean', default: false } } });
const corpus = loadCorpus();
const started = performance.now();

const comparison: Record<string, unknown> = {};
if (values.compare) {
  for (const [name, options] of Object.entries(FEATURE_SETS)) {
    const { model, split } = trainClassifier(corpus, options);
    const metrics = evaluate(model, split.validation);
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
      validation: evaluate(model, split.validation),
      test: evaluate(model, split.test),
      ...(values.compare ? { comparison } : {}),
    },
    null,
    2,
  ),
);
