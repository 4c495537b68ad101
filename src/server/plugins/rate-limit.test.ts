import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.ts';
import { AppError } from '../app-error.ts';
import { MemorySharedState } from '../providers/shared-state/memory-shared-state.ts';

describe('RateLimiter', () => {
  it('allows `limit` hits per window per key, then 429 with a truthful Retry-After until the window ends', async () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(new MemorySharedState(() => now));
    const rule = { limit: 2, windowMs: 60_000 };
    await limiter.consume('a', rule);
    await limiter.consume('a', rule);
    await limiter.consume('b', rule);
    now += 15_000;
    const error = await limiter.consume('a', rule).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 429, code: 'over_request_rate_limit', headers: { 'Retry-After': '45' } });
    now += 45_000;
    await expect(limiter.consume('a', rule)).resolves.toBeUndefined();
  });
});
