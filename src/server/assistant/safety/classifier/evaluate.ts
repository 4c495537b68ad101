/** Recall and false alarms of the classifier on a labelled split, per level, kind and language. */
import { RISK_KINDS, SAFETY_LANGUAGES, riskRank, type RiskLevel } from '../risk.ts';
import type { Example } from './corpus.ts';
import type { LinearModel } from './model.ts';
import { predictProbabilities, verdictFrom } from './predict.ts';

interface Rate {
  hit: number;
  of: number;
  rate: number | null;
}

function rate(hit: number, of: number): Rate {
  return { hit, of, rate: of === 0 ? null : Number((hit / of).toFixed(4)) };
}

export interface SliceMetrics {
  /** Level ≥ crisis read as ≥ crisis. */
  crisisRecall: Rate;
  /** Level 'none' read as ≥ crisis. */
  falseAlarm: Rate;
}

export interface Metrics extends SliceMetrics {
  examples: number;
  immediateRecall: Rate;
  /** Immediate danger among crises read as immediate, when the truth was only crisis. */
  immediateOverCall: Rate;
  concernRecall: Rate;
  /** Level ≥ crisis read as at least concern (the assistant at least asks). */
  crisisAtLeastConcern: Rate;
  /** Talk about danger (level 'none' with a kind) read as ≥ crisis. */
  hardNegativeFalseAlarm: Rate;
  /** Level 'none' read as ≥ concern. */
  noneReadAsConcern: Rate;
  kindAccuracy: Rate;
  languageAccuracy: Rate;
  perKind: Record<string, SliceMetrics>;
  perLanguage: Record<string, SliceMetrics>;
}

export function evaluate(model: LinearModel, examples: readonly Example[]): Metrics {
  const atLeast = (level: RiskLevel, min: RiskLevel) => riskRank(level) >= riskRank(min);
  const rows = examples.map((example) => {
    const verdict = verdictFrom(example.text, predictProbabilities(model, example.text), model.thresholds);
    return { example, verdict };
  });
  const count = (filter: (row: (typeof rows)[number]) => boolean, hit: (row: (typeof rows)[number]) => boolean) => {
    const selected = rows.filter(filter);
    return rate(selected.filter(hit).length, selected.length);
  };
  const slice = (filter: (row: (typeof rows)[number]) => boolean): SliceMetrics => ({
    crisisRecall: count((r) => filter(r) && atLeast(r.example.level, 'crisis'), (r) => atLeast(r.verdict.level, 'crisis')),
    falseAlarm: count((r) => filter(r) && r.example.level === 'none', (r) => atLeast(r.verdict.level, 'crisis')),
  });
  const perKind: Record<string, SliceMetrics> = {};
  for (const kind of RISK_KINDS) perKind[kind] = slice((r) => r.example.kind === kind);
  const perLanguage: Record<string, SliceMetrics> = {};
  for (const language of SAFETY_LANGUAGES) perLanguage[language] = slice((r) => r.example.language === language);
  return {
    examples: rows.length,
    ...slice(() => true),
    immediateRecall: count((r) => r.example.level === 'immediate-danger', (r) => r.verdict.level === 'immediate-danger'),
    immediateOverCall: count((r) => r.example.level === 'crisis' && atLeast(r.verdict.level, 'crisis'), (r) => r.verdict.level === 'immediate-danger'),
    concernRecall: count((r) => r.example.level === 'concern', (r) => atLeast(r.verdict.level, 'concern')),
    crisisAtLeastConcern: count((r) => atLeast(r.example.level, 'crisis'), (r) => atLeast(r.verdict.level, 'concern')),
    hardNegativeFalseAlarm: count((r) => r.example.level === 'none' && r.example.kind !== null, (r) => atLeast(r.verdict.level, 'crisis')),
    noneReadAsConcern: count((r) => r.example.level === 'none', (r) => atLeast(r.verdict.level, 'concern')),
    kindAccuracy: count((r) => r.example.level !== 'none' && atLeast(r.verdict.level, 'concern'), (r) => r.verdict.kinds[0] === r.example.kind),
    languageAccuracy: count(() => true, (r) => r.verdict.language === r.example.language),
    perKind,
    perLanguage,
  };
}
