import { describe, expect, it } from 'vitest';
import { deriveAuthKeys } from '../auth/keys.ts';
import { SecretBox } from './secret-box.ts';

describe('SecretBox (TOTP secrets at rest)', async () => {
  const oldKeys = await deriveAuthKeys(['old']);
  const newKeys = await deriveAuthKeys(['new', 'old']);

  it('round-trips, with a fresh nonce each time', () => {
    const box = new SecretBox(oldKeys.encryption);
    const first = box.seal('JBSWY3DPEHPK3PXP', 'factor-1');
    const second = box.seal('JBSWY3DPEHPK3PXP', 'factor-1');
    expect(first).not.toBe(second);
    expect(first).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(first, 'factor-1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('is bound to its factor id and detects tampering', () => {
    const box = new SecretBox(oldKeys.encryption);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'factor-1');
    expect(() => box.open(sealed, 'factor-2')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'), 'factor-1')).toThrow();
  });

  it('after key rotation old secrets still open and new ones use the new key', () => {
    const sealedOld = new SecretBox(oldKeys.encryption).seal('OLDSECRET', 'f');
    const rotated = new SecretBox(newKeys.encryption);
    expect(rotated.open(sealedOld, 'f')).toBe('OLDSECRET');
    const sealedNew = rotated.seal('NEWSECRET', 'f');
    expect(sealedNew.split('.')[1]).toBe(newKeys.encryption[0]!.id);
    expect(() => new SecretBox(oldKeys.encryption).open(sealedNew, 'f')).toThrow(/AUTH_SECRET_KEYS/);
  });
});
