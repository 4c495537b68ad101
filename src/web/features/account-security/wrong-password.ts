import { ApiError } from '../../lib/api-client.ts';

/** The server's answer to a wrong current password (GoTrue style or product API style). */
export function isWrongPassword(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    error.code === 'invalid_credentials' ||
    error.code === 'invalid_password' ||
    error.code === 'wrong_password' ||
    error.code === 'current_password_mismatch'
  );
}
