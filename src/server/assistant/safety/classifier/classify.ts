/**
 * The learned second safety layer (issue 12, decision 080): a linear model over hashed character
 * n-grams and words, trained in this repository by `npm run train:safety` from `corpus/`. Synchronous,
 * pure and offline: the committed weights are read once, at import. Either layer can raise a turn's
 * level; this one never lowers what the rules say.
 *
 * Thresholds are calibrated on out-of-fold scores of the train and validation splits (decision 082)
 * and stored in the weights file beside the weights they belong to. For the committed model: score
 * ≥ 0.5834 → crisis (false alarms on level-none lines written by other people — used blind rounds,
 * earlier held-out rounds — held to 4%, leaving room for the rules' own), immediate danger when
 * P(immediate) is ≥ 0.46 of that score, and 1 − P(none) ≥ 0.4151 → concern. Retraining rewrites
 * these; decisions 080–082 and 103 have the numbers.
 */
import { readFileSync } from 'node:fs';
import type { RiskVerdict, SafetyLanguage } from '../risk.ts';
import { decodeModel } from './model.ts';
import { languageFrom, predictProbabilities, verdictFrom } from './predict.ts';

export const WEIGHTS_FILE = new URL('./weights.bin', import.meta.url);

const model = decodeModel(readFileSync(WEIGHTS_FILE));

/** Level, kinds and language of one message; `score` is the probability-like confidence of level ≥ crisis. */
export function classifyRisk(text: string): RiskVerdict & { score: number } {
  return verdictFrom(text, predictProbabilities(model, text), model.thresholds);
}

/** The message's language from the same features (Han script decides Chinese outright). */
export function detectLanguage(text: string): SafetyLanguage {
  return languageFrom(text, predictProbabilities(model, text));
}
