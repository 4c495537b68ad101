/**
 * The offline password-strength estimator (zxcvbn-ts with its common-password, name and English word
 * lists): no network, nothing sent anywhere. Server side only — the lists are megabytes, far over the
 * public pages' JavaScript budget (DESIGN §9). Runs on the password pool's worker threads, because
 * one estimate takes 10–200 ms of CPU. Decision record 076.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en';

/**
 * Fewer estimated guesses than this is refused: 10^9 is what a throttled online attack, or an
 * offline one against a leaked argon2id hash, gets through in reach. Rule-compliant patterns such
 * as `Welcome2026now` or `Summer2024abc` (about 10^8) fall under it.
 */
export const MIN_PASSWORD_GUESSES_LOG10 = 9;

let estimator: ZxcvbnFactory | null = null;

/** True when `password` is common, breached-list-like or otherwise quickly guessed. */
export function isEasilyGuessed(password: string, userInputs: readonly string[]): boolean {
  // Built on first use: reading the lists takes most of a second.
  estimator ??= new ZxcvbnFactory({ dictionary: { ...commonDictionary, ...englishDictionary }, graphs: adjacencyGraphs });
  return estimator.check(password, [...userInputs, 'ellis']).guessesLog10 < MIN_PASSWORD_GUESSES_LOG10;
}
