/**
 * The learned second safety layer (issue 12, decision 080): a linear model over hashed character
 * n-grams and words, trained in this repository by `npm run train:safety` from `corpus/`. Synchronous,
 * pure and offline: the committed weights are read once, at import. Either layer can raise a turn's
 * level; this one never lowers what the rules say.
 *
 * Thresholds are calibrated on out-of-fold scores of the train and validation splits (decision 082)
 * and stored in the weights file beside the weights they belong to. For the committed model (trained with blind rounds
 * 1–86, decision 106): score ≥ 0.5218 → crisis (false alarms on level-none lines written by other people — used blind
 * rounds, earlier held-out rounds, each read alone — held to 4%, leaving room for the rules' own), immediate danger when
 * P(immediate) is ≥ 0.22 of that score, and 1 − P(none) ≥ 0.5218 → concern. The safety layer lets the classifier alone
 * alarm only from 0.8 (decision 106). Retraining rewrites these; decisions 080–082, 103 and 106 have the numbers.
 */
import { readFileSync } from 'node:fs';
import type { RiskVerdict, SafetyLanguage } from '../risk.ts';
import { withEarlierTurns } from './features.ts';
import { decodeModel } from './model.ts';
import { languageFrom, predictProbabilities, verdictFrom } from './predict.ts';

export const WEIGHTS_FILE = new URL('./weights.bin', import.meta.url);

const model = decodeModel(readFileSync(WEIGHTS_FILE));

/**
 * Level, kinds and language of one message; `score` is the probability-like confidence of level ≥ crisis. `earlier`: the
 * user turns just before it, when the message is a later turn of a conversation (decision 106).
 */
export function classifyRisk(text: string, earlier?: string): RiskVerdict & { score: number } {
  return verdictFrom(text, predictProbabilities(model, earlier ? withEarlierTurns(text, earlier) : text), model.thresholds);
}

/** The message's language from the same features (Han script decides Chinese outright). */
export function detectLanguage(text: string): SafetyLanguage {
  return languageFrom(text, predictProbabilities(model, text));
}
