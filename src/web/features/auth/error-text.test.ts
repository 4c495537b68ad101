import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';
import auth from '../../i18n/en/auth.json';
import dashboard from '../../i18n/en/dashboard.json';
import { errorKeyForCode, errorMessage } from './error-text.ts';

const CODES = [
  'invalid_credentials', 'user_already_exists', 'same_password', 'current_password_required', 'password_required', 'user_not_found',
  'session_not_found', 'session_expired', 'refresh_token_not_found', 'refresh_token_already_used', 'bad_jwt', 'no_authorization',
  'mfa_verification_failed', 'mfa_challenge_expired', 'too_many_enrolled_mfa_factors', 'bookmark_not_found', 'bookmark_limit_reached',
  'profile_not_found', 'invalid_text', 'invalid_request_origin',
];

const catalogs: Record<string, unknown> = { auth, dashboard };

const t = ((key: string) => {
  const [namespace, path] = key.split(':') as [string, string];
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogs[namespace]);
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

describe('error codes in the catalog', () => {
  it('shows the catalog text for a known code, not the server wording', () => {
    const body = { code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' };
    expect(errorMessage(new ApiError(400, body.msg, 'invalid_credentials', body), t)).toBe('Invalid username or password');
    expect(errorMessage(new ApiError(422, 'x', 'same_password'), t)).toBe('New password should be different from the old password');
    expect(errorMessage(new ApiError(401, 'x', 'refresh_token_not_found'), t)).toBe('Your session has ended. Please sign in again.');
  });

  it('reads a SPEC §5 rule refused by the server (validation_failed, invalid_username) from the catalog', () => {
    const es = ((key: string) => `es:${key}`) as unknown as TFunction;
    expect(errorMessage(new ApiError(422, 'Username must be no more than 20 characters long', 'validation_failed'), es)).toBe(
      'es:auth:ruleMessages.username.tooLong',
    );
    expect(errorMessage(new ApiError(400, 'Username can only contain letters, numbers, and underscores', 'invalid_username'), es)).toBe(
      'es:auth:ruleMessages.username.characters',
    );
    expect(errorMessage(new ApiError(422, 'Ellis accounts use a username, not an email address', 'validation_failed'), es)).toBe(
      'Ellis accounts use a username, not an email address',
    );
  });

  it("shows the server's message for a code without a text of its own, and plain texts for no answer, rate limits and failures", () => {
    expect(errorMessage(new ApiError(422, 'This account is paused.', 'user_banned'), t)).toBe('This account is paused.');
    expect(errorMessage(new ApiError(422, '', 'user_banned'), t)).toBe('An error occurred');
    expect(errorMessage(new ApiError(0, 'offline'), t)).toBe('Could not reach Ellis. Check your connection and try again.');
    expect(errorMessage(new ApiError(429, 'slow down', 'over_request_rate_limit'), t)).toBe('Too many attempts. Please wait a minute and try again.');
    expect(errorMessage(new ApiError(503, 'Ellis cannot reach its database', 'service_unavailable'), t)).toBe('An error occurred');
    expect(errorMessage(new Error('The session has no user'), t)).toBe('An error occurred');
  });

  it('has a text in every language for every code it maps', async () => {
    for (const locale of ['en', 'es', 'zh-Hant', 'tl', 'vi']) {
      const catalogs = {
        auth: (await import(`../../i18n/${locale}/auth.json`)).default as Record<string, unknown>,
        dashboard: (await import(`../../i18n/${locale}/dashboard.json`)).default as Record<string, unknown>,
      };
      for (const code of CODES) {
        const [namespace, path] = errorKeyForCode(code)!.split(':') as ['auth' | 'dashboard', string];
        const text = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogs[namespace]);
        expect(typeof text, `${locale} ${code}`).toBe('string');
      }
    }
  });
});
