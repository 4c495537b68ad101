import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';
import type { AuthProblem } from './auth-controller.ts';
import { passwordMessages, usernameMessages } from '../../../shared/validation/account-rules.ts';

/**
 * The catalog text for each error code the server sends (AppError's `code`, or `error_code` under
 * /auth/v1), so the visitor reads it in their language. Codes whose English text depends on the
 * call (validation_failed, invalid_bookmark, insufficient_aal…) are not here: the screen that made
 * the call knows what went wrong, or the server's message is shown (SPEC §8).
 */
const CODE_KEYS: Readonly<Record<string, string>> = {
  // Sign-in (SPEC §8): a wrong username or password reads "Invalid username or password".
  invalid_credentials: 'auth:errors.invalidCredentials',
  user_already_exists: 'auth:messages.usernameTaken',
  same_password: 'auth:errors.codes.samePassword',
  current_password_required: 'auth:errors.codes.currentPasswordRequired',
  password_required: 'auth:errors.codes.passwordRequired',
  user_not_found: 'auth:errors.codes.userNotFound',
  session_not_found: 'auth:errors.codes.sessionEnded',
  session_expired: 'auth:errors.codes.sessionEnded',
  refresh_token_not_found: 'auth:errors.codes.sessionEnded',
  refresh_token_already_used: 'auth:errors.codes.sessionEnded',
  bad_jwt: 'auth:errors.codes.signInExpired',
  no_authorization: 'auth:errors.codes.signInNeeded',
  mfa_verification_failed: 'auth:errors.codes.codeWrong',
  mfa_challenge_expired: 'auth:errors.codes.challengeExpired',
  too_many_enrolled_mfa_factors: 'auth:errors.codes.tooManyFactors',
  bookmark_not_found: 'auth:errors.codes.bookmarkNotFound',
  bookmark_limit_reached: 'dashboard:errors.limitReached',
  profile_not_found: 'auth:errors.codes.profileNotFound',
  invalid_text: 'auth:errors.codes.textNotSavable',
  invalid_request_origin: 'auth:errors.codes.notFromWebApp',
};

/** GoTrue's `weak_password.reasons`, SPEC §5's password rules first, then the strength estimate. */
const WEAK_PASSWORD_KEYS: Readonly<Record<string, string>> = {
  length: 'auth:ruleMessages.password.length',
  uppercase: 'auth:ruleMessages.password.uppercase',
  lowercase: 'auth:ruleMessages.password.lowercase',
  number: 'auth:ruleMessages.password.number',
  pwned: 'auth:errors.commonPassword',
};

/**
 * `validation_failed` and `invalid_username` carry one of SPEC §5's rule messages, which the server
 * and the browser take from the same module (shared/validation/account-rules.ts): its key names the
 * catalog text.
 */
const RULE_KEYS = new Map<string, string>([
  ...Object.entries(usernameMessages).map(([key, text]) => [text, `auth:ruleMessages.username.${key}`] as const),
  ...Object.entries(passwordMessages).map(([key, text]) => [text, `auth:ruleMessages.password.${key}`] as const),
]);
const RULE_CODES = new Set(['validation_failed', 'invalid_username']);

/** The catalog key for a server error code, or null when the code has no single text. */
export function errorKeyForCode(code: string | null): string | null {
  return code === null ? null : (CODE_KEYS[code] ?? null);
}

/**
 * The message to show for a failed call: the catalog text of the server's error code, a plain
 * sentence when the server could not be reached, is rate limiting or failed, the server's own
 * message for a code without a text of its own (SPEC §8 "other errors show their message"), and
 * "An error occurred" when there is nothing better.
 */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('auth:errors.network');
    const weakPasswordKey = weakPasswordKeyOf(error);
    if (weakPasswordKey) return t(weakPasswordKey);
    const key = errorKeyForCode(error.code) ?? (error.code && RULE_CODES.has(error.code) ? RULE_KEYS.get(error.message) : null);
    if (key) return t(key);
    if (error.status === 429) return t('auth:errors.tooManyAttempts');
    if (error.status >= 500) return t('auth:errors.generic');
    return error.message || t('auth:errors.generic');
  }
  return t('auth:errors.generic');
}

/** A password the server refused (GoTrue `weak_password`): the key of its first reason we have a text for. */
function weakPasswordKeyOf(error: ApiError): string | null {
  if (error.code !== 'weak_password' || typeof error.body !== 'object' || error.body === null) return null;
  const reasons = (error.body as { weak_password?: { reasons?: unknown } }).weak_password?.reasons;
  if (!Array.isArray(reasons)) return null;
  const reason = reasons.find((candidate): candidate is string => typeof candidate === 'string' && candidate in WEAK_PASSWORD_KEYS);
  return reason ? (WEAK_PASSWORD_KEYS[reason] ?? null) : null;
}

/**
 * SPEC §8 Auth init: "Authentication initialization timeout", "Session error: {message}" (the
 * catalog text of the server's code, else its message) or "Auth initialization failed: {message}".
 */
export function authProblemText(problem: AuthProblem, t: TFunction): string {
  if (problem.kind === 'initTimeout') return t('auth:errors.initTimeout');
  if (problem.kind === 'initFailed') return t('auth:errors.initFailed', { message: problem.detail });
  const { error } = problem;
  const key = error.status === 0 ? 'auth:errors.network' : errorKeyForCode(error.code);
  return t('auth:errors.sessionError', { message: key ? t(key) : error.message || `HTTP ${error.status}` });
}
