import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';
import auth from '../../i18n/en/auth.json';
import { errorMessage } from './error-text.ts';

const t = ((key: string) => {
  const [, path] = key.split(':') as [string, string];
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], auth);
}) as unknown as TFunction;

describe('errorMessage', () => {
  it('says plainly that a common password was refused (weak_password, reason pwned)', () => {
    const body = { code: 422, error_code: 'weak_password', msg: 'x', weak_password: { reasons: ['pwned'] } };
    expect(errorMessage(new ApiError(422, 'x', 'weak_password', body), t)).toBe(
      'This password is too common or too easy to guess. Choose one that is harder to guess.',
    );
  });

  it("keeps the server's SPEC message for the other password rules", () => {
    const body = { code: 422, error_code: 'weak_password', msg: 'Password must contain at least one number', weak_password: { reasons: ['number', 'characters'] } };
    expect(errorMessage(new ApiError(422, body.msg, 'weak_password', body), t)).toBe('Password must contain at least one number');
  });
});
