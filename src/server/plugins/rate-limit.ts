import { AppError } from '../app-error.ts';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

interface Window {
  count: number;
  resetAt: number;
}

const PRUNE_EVERY_HITS = 1_000;

/**
 * Fixed-window counters kept in memory (one process; several instances each count on their own,
 * which the limits in modules/auth/constants.ts allow for). The clock is injected so tests can
 * step time instead of waiting.
 */
export class RateLimiter {
  readonly #windows = new Map<string, Window>();
  readonly #now: () => number;
  #hits = 0;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /**
   * Counts one request against `key`; throws a 429 AppError (code over_request_rate_limit, with a
   * Retry-After header) when the window is already full.
   */
  consume(key: string, rule: RateLimitRule): void {
    const now = this.#now();
    if (++this.#hits % PRUNE_EVERY_HITS === 0) this.#prune(now);
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + rule.windowMs };
      this.#windows.set(key, window);
    }
    if (window.count >= rule.limit) {
      const retryAfterSeconds = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
      throw new AppError(
        429,
        'over_request_rate_limit',
        'Too many attempts. Please wait a moment and try again.',
        { 'Retry-After': String(retryAfterSeconds) },
      );
    }
    window.count += 1;
  }

  /** Forgets every counter (tests). */
  reset(): void {
    this.#windows.clear();
  }

  #prune(now: number): void {
    for (const [key, window] of this.#windows) {
      if (window.resetAt <= now) this.#windows.delete(key);
    }
  }
}
