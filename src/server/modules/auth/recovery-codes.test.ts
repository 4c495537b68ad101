import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCode, normalizeRecoveryCode, recoveryCodeMatches } from './recovery-codes.ts';

describe('recovery codes', () => {
  it('are 4 groups of 5 base32 characters, different every time', () => {
    const codes = new Set(Array.from({ length: 50 }, newRecoveryCode));
    expect(codes.size).toBe(50);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}-[A-Z2-7]{5}-[A-Z2-7]{5}$/);
  });

  it('match however they are typed, and only the right code matches', () => {
    const code = 'K7QXM-2PZ4D-VN3RA-H6TWE';
    const stored = hashRecoveryCode(code);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(recoveryCodeMatches(stored, 'k7qxm 2pz4d vn3ra h6twe')).toBe(true);
    expect(recoveryCodeMatches(stored, 'K7QXM2PZ4DVN3RAH6TWE')).toBe(true);
    expect(recoveryCodeMatches(stored, 'K7QXM-2PZ4D-VN3RA-H6TWF')).toBe(false);
    expect(recoveryCodeMatches(null, code)).toBe(false);
    expect(normalizeRecoveryCode('o0-i1-b8')).toBe('OOIIBB');
  });
});
