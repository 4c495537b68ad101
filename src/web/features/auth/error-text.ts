import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';

/**
 * The message to show for a failed call: the server's own message (SPEC §8 "other errors show
 * their message"), a plain sentence when the server could not be reached or is rate limiting, and
 * "An error occurred" when there is nothing better.
 */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('auth:errors.network');
    if (isGuessablePassword(error)) return t('auth:errors.commonPassword');
    if (error.status === 429) return t('auth:errors.tooManyAttempts');
    if (error.status >= 500) return t('auth:errors.generic');
    return error.message || t('auth:errors.generic');
  }
  if (error instanceof Error && error.message) return error.message;
  return t('auth:errors.generic');
}

/** Sign-in errors (SPEC §8): wrong username or password reads "Invalid username or password". */
export function signInErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof Error && error.message.includes('Invalid login credentials')) return t('auth:errors.invalidCredentials');
  return errorMessage(error, t);
}

/** A password the server's strength estimate refused (GoTrue `weak_password` with reason `pwned`). */
function isGuessablePassword(error: ApiError): boolean {
  if (error.code !== 'weak_password' || typeof error.body !== 'object' || error.body === null) return false;
  const details = (error.body as { weak_password?: { reasons?: unknown } }).weak_password;
  return Array.isArray(details?.reasons) && details.reasons.includes('pwned');
}
