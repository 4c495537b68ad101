/**
 * Shapes of the auth service's answers (DESIGN §5.1, a GoTrue-compatible subset) and the small
 * helpers the auth provider needs. The web client asks for the refresh token as an HttpOnly cookie,
 * so a session here never carries one.
 */
import type { Profile } from '../../../shared/accounts-api.ts';

export interface Factor {
  id: string;
  factor_type: 'totp' | 'phone' | string;
  status: 'verified' | 'unverified' | string;
  friendly_name?: string;
}

export interface AuthUser {
  id: string;
  email?: string;
  user_metadata?: { username?: string } & Record<string, unknown>;
  factors?: Factor[];
  created_at?: string;
}

export interface Session {
  access_token: string;
  token_type: string;
  expires_in: number;
  /** Seconds since the epoch. */
  expires_at?: number;
  user: AuthUser | null;
}

export const AUTH_BASE = '/auth/v1';

/** The claims of a JWT access token, without checking the signature (the server does that). */
export function tokenClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const json = decodeURIComponent(
      Array.from(atob(base64), (character) => `%${character.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function verifiedTotpFactor(user: AuthUser | null | undefined): Factor | null {
  return user?.factors?.find((factor) => factor.factor_type === 'totp' && factor.status === 'verified') ?? null;
}

/**
 * A password sign-in of someone with a verified second factor gives an aal1 session that can only
 * reach the MFA endpoints: the six-digit code is still needed.
 */
export function needsSecondFactor(session: Session): boolean {
  return tokenClaims(session.access_token).aal === 'aal1' && verifiedTotpFactor(session.user) !== null;
}

/** When the session ends, in milliseconds since the epoch. */
export function expiresAtMs(session: Session, receivedAt = Date.now()): number {
  if (typeof session.expires_at === 'number') return session.expires_at * 1000;
  return receivedAt + session.expires_in * 1000;
}

export function usernameOf(user: AuthUser | null, profile: Profile | null): string | null {
  return profile?.username ?? (typeof user?.user_metadata?.username === 'string' ? user.user_metadata.username : null);
}
