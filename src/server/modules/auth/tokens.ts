import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors, type JWK, type JWTPayload } from 'jose';
import { AppError } from '../../app-error.ts';
import type { AuthKeys, SigningKey } from './keys.ts';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ROLE, ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_BYTES } from './constants.ts';

export type Aal = 'aal1' | 'aal2';

export interface AmrEntry {
  method: 'password' | 'totp';
  timestamp: number;
}

export interface AccessTokenSubject {
  userId: string;
  sessionId: string;
  email: string;
  username: string;
  aal: Aal;
  amr: AmrEntry[];
}

export interface VerifiedAccessToken {
  userId: string;
  sessionId: string;
  aal: Aal;
  exp: number;
}

const VERIFIED_CACHE_SIZE = 10_000;

/**
 * Signs and verifies access tokens: ES256 JWTs with a `kid`, the claims @supabase/auth-js reads
 * (sub, session_id, aal, amr, role, aud, email, exp, iat). Verification only proves the token was
 * issued by us and has not expired; the caller must still check the session row.
 */
export class AccessTokens {
  readonly #signer: SigningKey;
  readonly #byKid: Map<string, SigningKey>;
  readonly #issuer: string;
  readonly #now: () => number;
  /** Signature checks are the costliest step of an authenticated request; repeated tokens skip them. */
  readonly #verified = new Map<string, VerifiedAccessToken>();

  constructor(keys: AuthKeys, options: { issuer: string; now: () => number }) {
    const [signer] = keys.signing;
    if (!signer) throw new Error('No signing key');
    this.#signer = signer;
    this.#byKid = new Map(keys.signing.map((key) => [key.kid, key]));
    this.#issuer = options.issuer;
    this.#now = options.now;
  }

  async sign(subject: AccessTokenSubject): Promise<{ token: string; expiresIn: number; expiresAt: number }> {
    const iat = Math.floor(this.#now() / 1000);
    const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
    const token = await new SignJWT({
      email: subject.email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { username: subject.username },
      role: ACCESS_TOKEN_ROLE,
      aal: subject.aal,
      amr: subject.amr,
      session_id: subject.sessionId,
      is_anonymous: false,
    })
      .setProtectedHeader({ alg: 'ES256', kid: this.#signer.kid, typ: 'JWT' })
      .setIssuer(this.#issuer)
      .setSubject(subject.userId)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.#signer.privateKey);
    return { token, expiresIn: ACCESS_TOKEN_TTL_SECONDS, expiresAt: exp };
  }

  /** Throws a 401 AppError (bad_jwt) for anything but a valid, unexpired token of ours. */
  async verify(token: string): Promise<VerifiedAccessToken> {
    const nowSeconds = Math.floor(this.#now() / 1000);
    const cached = this.#verified.get(token);
    if (cached) {
      if (cached.exp > nowSeconds) return cached;
      this.#verified.delete(token);
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(
        token,
        (header) => {
          const key = header.kid ? this.#byKid.get(header.kid) : undefined;
          if (!key) throw new joseErrors.JWKSNoMatchingKey();
          return key.publicKey;
        },
        {
          algorithms: ['ES256'],
          audience: ACCESS_TOKEN_AUDIENCE,
          issuer: this.#issuer,
          currentDate: new Date(this.#now()),
          clockTolerance: 0,
          requiredClaims: ['sub', 'exp', 'iat', 'session_id'],
        },
      ));
    } catch {
      throw new AppError(401, 'bad_jwt', 'Your sign-in has expired or is not valid. Please sign in again.');
    }
    const { sub, session_id: sessionId, aal, exp } = payload;
    if (typeof sub !== 'string' || typeof sessionId !== 'string' || (aal !== 'aal1' && aal !== 'aal2') || typeof exp !== 'number') {
      throw new AppError(401, 'bad_jwt', 'Your sign-in has expired or is not valid. Please sign in again.');
    }
    const verified: VerifiedAccessToken = { userId: sub, sessionId, aal, exp };
    if (this.#verified.size >= VERIFIED_CACHE_SIZE) {
      const oldest = this.#verified.keys().next().value;
      if (oldest !== undefined) this.#verified.delete(oldest);
    }
    this.#verified.set(token, verified);
    return verified;
  }

  /** GET /.well-known/jwks.json: every key that may have signed a live token. */
  jwks(): { keys: JWK[] } {
    return { keys: [...this.#byKid.values()].map((key) => key.publicJwk) };
  }
}

/** SHA-256 of an opaque token: what the database stores instead of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh refresh token: 256 random bits, base64url. */
export function newRefreshToken(): string {
  return randomBytes(REFRESH_TOKEN_BYTES).toString('base64url');
}

/**
 * The token that replaces the one whose hash is `parentHash`: HMAC(server key, parent hash). Only the
 * server can compute it, and it can compute it again later from the stored hash alone, which is how
 * the 10 s grace window hands the newest token to a client that presents the previous one.
 */
export function nextRefreshToken(chainKey: Buffer, parentHash: string): string {
  return createHmac('sha256', chainKey).update(parentHash).digest('base64url');
}
