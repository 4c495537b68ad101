import { describe, expect, it } from 'vitest';
import { PasswordHasher } from './passwords.ts';
import { PASSWORD_HASHING } from './constants.ts';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  it('hashes with argon2id at 19 MiB and 2 iterations by default', async () => {
    expect(PASSWORD_HASHING).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const hash = await hasher.hash('Correct-Horse-9');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hash, 'Correct-Horse-9')).toBe(true);
    expect(await hasher.verify(hash, 'correct-horse-9')).toBe(false);
  });

  it('does not truncate long passwords (no 72-byte limit)', async () => {
    const long = `${'a'.repeat(100)}X1`;
    const hash = await hasher.hash(long);
    expect(await hasher.verify(hash, `${'a'.repeat(100)}Y1`)).toBe(false);
  });

  it('an unknown user (no hash) is refused after the same work as a wrong password', async () => {
    const hash = await hasher.hash('Correct-Horse-9');
    await hasher.verify(null, 'warm up the dummy hash');
    const time = async (run: () => Promise<boolean>) => {
      const started = performance.now();
      expect(await run()).toBe(false);
      return performance.now() - started;
    };
    // Pairs run back to back meet the same load (CI runs other suites on the same two cores): compare within each
    // pair and take the median ratio, so one disturbed run cannot decide the outcome.
    const ratios: number[] = [];
    for (let index = 0; index < 7; index++) {
      const wrongPassword = await time(() => hasher.verify(hash, 'Wrong-Horse-9'));
      const unknownUser = await time(() => hasher.verify(null, 'Wrong-Horse-9'));
      ratios.push(unknownUser / wrongPassword);
    }
    const medianRatio = ratios.sort((a, b) => a - b)[3]!;
    // Without the dummy hash an unknown user would answer in well under a millisecond: a ratio near zero.
    expect(medianRatio).toBeGreaterThan(0.3);
    expect(medianRatio).toBeLessThan(3);
  });

  it('a malformed stored hash is a refusal, not a crash', async () => {
    expect(await hasher.verify('not-a-hash', 'anything')).toBe(false);
  });
});
