import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.ts';
import { AppError } from '../app-error.ts';

describe('RateLimiter', () => {
  it('allows `limit` hits per window per key, then 429 with Retry-After until the window ends', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(() => now);
    const rule = { limit: 2, windowMs: 60_000 };
    limiter.consume('a', rule);
    limiter.consume('a', rule);
    limiter.consume('b', rule);
    now += 15_000;
    let error: unknown;
    try {
      limiter.consume('a', rule);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 429, code: 'over_request_rate_limit', headers: { 'Retry-After': '45' } });
    now += 45_000;
    expect(() => limiter.consume('a', rule)).not.toThrow();
  });
});
