import { AppError } from '../app-error.ts';
import type { SharedState } from '../providers/shared-state/shared-state.ts';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/** The 429 every limit answers with; `Retry-After` is the time until the limit lets the caller in again. */
export function tooManyAttempts(retryAfterMs: number): AppError {
  return new AppError(429, 'over_request_rate_limit', 'Too many attempts. Please wait a moment and try again.', {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
  });
}

/**
 * Fixed-window counters in the shared state: in memory for one process, in Redis when REDIS_URL is
 * set, so several instances count against the same limits.
 */
export class RateLimiter {
  readonly #state: SharedState;

  constructor(state: SharedState) {
    this.#state = state;
  }

  /** Counts one request against `key`; throws a 429 AppError when the window was already full. */
  async consume(key: string, rule: RateLimitRule): Promise<void> {
    const { count, resetInMs } = await this.#state.increment(`limit:${key}`, rule.windowMs);
    if (count > rule.limit) throw tooManyAttempts(resetInMs);
  }
}
