/**
 * Calls behind the login screen (sign in, sign up, second factor, recovery code). Loaded only with
 * the pages that need them, not with the public pages.
 */
import { api } from '../../lib/api-client.ts';
import { AUTH_BASE, type AuthUser, type Session } from './session.ts';
import type { ChallengeResult } from '../../../shared/accounts-api.ts';

export interface SignUpResult extends Session {
  /** Shown once: the only way back in after a forgotten password or a lost authenticator app. */
  recovery_code?: string;
}

export function signInWithPassword(username: string, password: string): Promise<Session> {
  return api.post<Session>(`${AUTH_BASE}/token?grant_type=password`, { username, password }, { auth: false });
}

export function signUp(username: string, password: string): Promise<SignUpResult> {
  return api.post<SignUpResult>(`${AUTH_BASE}/signup`, { username, password }, { auth: false });
}

/** GET /api/usernames/{name} → whether nobody has that username yet. */
export async function isUsernameAvailable(username: string, signal?: AbortSignal): Promise<boolean> {
  const result = await api.get<{ available: boolean }>(`/api/usernames/${encodeURIComponent(username)}`, {
    auth: false,
    ...(signal ? { signal } : {}),
  });
  return result.available === true;
}

export function challengeFactor(factorId: string): Promise<ChallengeResult> {
  return api.post<ChallengeResult>(`${AUTH_BASE}/factors/${encodeURIComponent(factorId)}/challenge`, {});
}

export function verifyFactor(factorId: string, challengeId: string, code: string): Promise<Session> {
  return api.post<Session>(`${AUTH_BASE}/factors/${encodeURIComponent(factorId)}/verify`, {
    challenge_id: challengeId,
    code,
  });
}

export function recoverWithCode(username: string, recoveryCode: string, newPassword: string): Promise<{ recovery_code: string }> {
  return api.post<{ recovery_code: string }>(
    `${AUTH_BASE}/recover-with-code`,
    { username, recovery_code: recoveryCode, new_password: newPassword },
    { auth: false },
  );
}

/**
 * The recovery code in place of the six-digit code (bearer: the aal1 session of the password
 * sign-in). Turns two-step verification off and returns a full session with a new recovery code;
 * the refresh token comes back as the HttpOnly cookie, as with verifyFactor.
 */
export function recoverSecondFactor(recoveryCode: string): Promise<SignUpResult & { recovery_code: string }> {
  return api.post<SignUpResult & { recovery_code: string }>(`${AUTH_BASE}/factors/recover`, { recovery_code: recoveryCode });
}

export function getUser(): Promise<AuthUser> {
  return api.get<AuthUser>(`${AUTH_BASE}/user`);
}
