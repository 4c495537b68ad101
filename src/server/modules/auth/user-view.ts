import type { FactorView, GoTrueSession, GoTrueUser } from '../../../shared/accounts-api.ts';
import type { UserRecord } from './repository.ts';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ROLE } from './constants.ts';
import type { IssuedTokens } from './sessions.ts';

export function toGoTrueUser(user: UserRecord, factors: FactorView[]): GoTrueUser {
  return {
    id: user.id,
    aud: ACCESS_TOKEN_AUDIENCE,
    role: ACCESS_TOKEN_ROLE,
    email: user.email,
    // Synthetic addresses are never mailed, so there is nothing to confirm.
    email_confirmed_at: user.created_at,
    confirmed_at: user.created_at,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: { username: user.username },
    identities: [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: { email: user.email, sub: user.id, email_verified: false, phone_verified: false },
        provider: 'email',
        email: user.email,
        created_at: user.created_at,
        updated_at: user.updated_at,
      },
    ],
    factors,
    is_anonymous: false,
    created_at: user.created_at,
    updated_at: user.updated_at,
  };
}

export function toGoTrueSession(tokens: IssuedTokens, user: GoTrueUser): GoTrueSession {
  return {
    access_token: tokens.accessToken,
    token_type: 'bearer',
    expires_in: tokens.expiresIn,
    expires_at: tokens.expiresAt,
    refresh_token: tokens.refreshToken,
    user,
  };
}
