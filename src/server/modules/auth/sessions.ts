import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../app-error.ts';
import { newId } from '../../db/ids.ts';
import type { AuthRepository, RefreshTokenRecord, SessionRecord, UserRecord } from './repository.ts';
import { hashToken, newRefreshToken, nextRefreshToken, type AccessTokens, type Aal, type AmrEntry } from './tokens.ts';
import { REFRESH_TOKEN_REUSE_GRACE_MS, SESSION_IDLE_TIMEOUT_MS, SESSION_MAX_LIFETIME_MS } from './constants.ts';
import type { LogoutScope } from '../../../shared/accounts-api.ts';

/** What a request proved with its bearer token, after the session row was checked. */
export interface AuthenticatedSession {
  userId: string;
  sessionId: string;
  aal: Aal;
}

/** A bearer-authenticated session, with what the aal rule of DESIGN §6 needs to know. */
export interface RequestSession extends AuthenticatedSession {
  hasVerifiedFactor: boolean;
}

/** A freshly issued token pair for one session. */
export interface IssuedTokens {
  userId: string;
  sessionId: string;
  accessToken: string;
  expiresIn: number;
  expiresAt: number;
  refreshToken: string;
  /** Seconds the refresh token can stay usable (idle timeout or the session's end): the cookie's Max-Age. */
  refreshLifetimeSeconds: number;
}

const MAX_CHAIN_STEPS = 100;

const sessionEnded = () => new AppError(401, 'session_not_found', 'Your session has ended. Please sign in again.');
const refreshTokenNotFound = () =>
  new AppError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
const refreshSessionExpired = () => new AppError(400, 'session_expired', 'Invalid Refresh Token: Session Expired');

export interface SessionServiceDependencies {
  repository: AuthRepository;
  accessTokens: AccessTokens;
  /** HMAC keys for the refresh-token chain; the first one derives new tokens. */
  refreshChainKeys: Buffer[];
  now: () => number;
  logger: FastifyBaseLogger;
}

/**
 * Sessions (DESIGN §6): a server-side row per sign-in with idle and absolute lifetimes, short-lived
 * access tokens bound to it, and single-use refresh tokens rotated on every refresh.
 *
 * Rotation keeps a chain: each new refresh token is HMAC(server key, hash of the previous one). The
 * database holds only hashes, yet the server can walk from any token to its newest successor; that
 * is how a client that presents the previous token within the 10 s grace window (two tabs
 * refreshing at once, a response lost on a bad network) gets the session's current token pair.
 * Presenting a used token after the window is treated as theft and revokes the whole session.
 */
export class SessionService {
  readonly #deps: SessionServiceDependencies;

  constructor(deps: SessionServiceDependencies) {
    this.#deps = deps;
  }

  #isLive(session: SessionRecord, now: number): boolean {
    return (
      session.revoked_at === null &&
      now < Date.parse(session.expires_at) &&
      now < Date.parse(session.last_active_at) + SESSION_IDLE_TIMEOUT_MS
    );
  }

  /** Starts an aal1 session after a password check and issues its first token pair. */
  async start(user: UserRecord, userAgent: string | null): Promise<IssuedTokens> {
    const now = this.#deps.now();
    const at = new Date(now).toISOString();
    const session: SessionRecord = {
      id: newId(now),
      user_id: user.id,
      aal: 'aal1',
      factor_id: null,
      created_at: at,
      last_active_at: at,
      expires_at: new Date(now + SESSION_MAX_LIFETIME_MS).toISOString(),
      revoked_at: null,
      user_agent: userAgent ? userAgent.slice(0, 400) : null,
      aal2_at: null,
    };
    await this.#deps.repository.insertSession(session);
    const refreshToken = newRefreshToken();
    await this.#deps.repository.insertRefreshToken(this.#tokenRecord(session.id, refreshToken, at));
    return this.#issue(session, refreshToken, user);
  }

  /** Checks a bearer token and its session row: a revoked or expired session fails at once. */
  async authenticate(accessToken: string): Promise<RequestSession> {
    const claims = await this.#deps.accessTokens.verify(accessToken);
    const session = await this.#deps.repository.findSessionForRequest(claims.sessionId);
    if (!session || session.user_id !== claims.userId || !this.#isLive(session, this.#deps.now())) throw sessionEnded();
    return { userId: session.user_id, sessionId: session.id, aal: session.aal, hasVerifiedFactor: session.has_verified_factor };
  }

  /** The live session a refresh token belongs to (used or not), or null: logout through the cookie. */
  async sessionForRefreshToken(refreshToken: string): Promise<AuthenticatedSession | null> {
    const row = await this.#deps.repository.findRefreshTokenByHash(hashToken(refreshToken));
    if (!row) return null;
    const session = await this.#deps.repository.findSession(row.session_id);
    if (!session || !this.#isLive(session, this.#deps.now())) return null;
    return { userId: session.user_id, sessionId: session.id, aal: session.aal };
  }

  /** The user id a refresh token belongs to, for per-user rate limits; null when unknown. */
  async userIdForRefreshToken(refreshToken: string): Promise<string | null> {
    const row = await this.#deps.repository.findRefreshTokenByHash(hashToken(refreshToken));
    if (!row) return null;
    const session = await this.#deps.repository.findSession(row.session_id);
    return session?.user_id ?? null;
  }

  /** grant_type=refresh_token: rotates the token (or follows the chain inside the grace window). */
  async refresh(refreshToken: string): Promise<IssuedTokens> {
    const tokenHash = hashToken(refreshToken);
    let row = await this.#deps.repository.findRefreshTokenByHash(tokenHash);
    if (!row) throw refreshTokenNotFound();
    const session = await this.#deps.repository.findSession(row.session_id);
    const now = this.#deps.now();
    if (!session || !this.#isLive(session, now)) throw refreshSessionExpired();
    if (row.revoked_at !== null) throw refreshTokenNotFound();
    const at = new Date(now).toISOString();

    if (row.used_at === null) {
      const next = nextRefreshToken(this.#deps.refreshChainKeys[0]!, tokenHash);
      if (await this.#deps.repository.rotateRefreshToken(row.id, this.#tokenRecord(session.id, next, at))) {
        await this.#deps.repository.touchSession(session.id, at);
        return this.#issue(session, next);
      }
      // Another request rotated it a moment ago: fall through to the grace path.
      row = await this.#deps.repository.findRefreshTokenByHash(tokenHash);
      if (!row || row.used_at === null) throw refreshTokenNotFound();
    }

    if (now - Date.parse(row.used_at) <= REFRESH_TOKEN_REUSE_GRACE_MS) {
      const newest = await this.#newestInChain(tokenHash);
      if (newest) {
        await this.#deps.repository.touchSession(session.id, at);
        return this.#issue(session, newest);
      }
    }

    await this.#deps.repository.revokeSession(session.id, at);
    this.#deps.logger.warn({ sessionId: session.id, userId: session.user_id }, 'refresh token reused after rotation; session revoked');
    throw new AppError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }

  /** Follows the chain from a used token to the session's current (unused) one. */
  async #newestInChain(startHash: string): Promise<string | null> {
    let hash = startHash;
    for (let step = 0; step < MAX_CHAIN_STEPS; step++) {
      let found: { token: string; row: RefreshTokenRecord } | null = null;
      for (const key of this.#deps.refreshChainKeys) {
        const token = nextRefreshToken(key, hash);
        const row = await this.#deps.repository.findRefreshTokenByHash(hashToken(token));
        if (row) {
          found = { token, row };
          break;
        }
      }
      if (!found || found.row.revoked_at !== null) return null;
      if (found.row.used_at === null) return found.token;
      hash = found.row.token_hash;
    }
    return null;
  }

  /** Passing a second factor: the session becomes aal2 and gets a new token pair (chain rotated). */
  async upgradeToAal2(sessionId: string, factorId: string): Promise<IssuedTokens> {
    await this.#deps.repository.upgradeSession(sessionId, factorId, new Date(this.#deps.now()).toISOString());
    return this.reissue(sessionId);
  }

  /**
   * A new token pair for a live session whose row just changed (aal, factor), so the access token's
   * claims match it; the refresh chain is rotated, not restarted.
   */
  async reissue(sessionId: string): Promise<IssuedTokens> {
    const now = this.#deps.now();
    const at = new Date(now).toISOString();
    const session = await this.#deps.repository.findSession(sessionId);
    if (!session || !this.#isLive(session, now)) throw sessionEnded();
    await this.#deps.repository.touchSession(sessionId, at);
    const active = await this.#deps.repository.findActiveRefreshToken(sessionId);
    if (active) {
      const next = nextRefreshToken(this.#deps.refreshChainKeys[0]!, active.token_hash);
      if (await this.#deps.repository.rotateRefreshToken(active.id, this.#tokenRecord(sessionId, next, at))) {
        return this.#issue(session, next);
      }
    }
    const fresh = newRefreshToken();
    await this.#deps.repository.insertRefreshToken(this.#tokenRecord(sessionId, fresh, at));
    return this.#issue(session, fresh);
  }

  /** A factor was removed: sessions that proved it fall back to aal1. */
  async downgradeFactorSessions(factorId: string): Promise<void> {
    await this.#deps.repository.downgradeFactorSessions(factorId);
  }

  async logout(current: AuthenticatedSession, scope: LogoutScope): Promise<void> {
    const at = new Date(this.#deps.now()).toISOString();
    if (scope === 'local') await this.#deps.repository.revokeSession(current.sessionId, at);
    else if (scope === 'global') await this.#deps.repository.revokeUserSessions(current.userId, at);
    else await this.#deps.repository.revokeUserSessions(current.userId, at, current.sessionId);
  }

  /** Ends every session of the user (password reset), or every other one (password change). */
  async revokeAll(userId: string, keepSessionId?: string): Promise<void> {
    await this.#deps.repository.revokeUserSessions(userId, new Date(this.#deps.now()).toISOString(), keepSessionId);
  }

  /** Removes ended sessions and their refresh tokens (run periodically). */
  async purgeEnded(): Promise<number> {
    const now = this.#deps.now();
    return this.#deps.repository.deleteEndedSessions(new Date(now).toISOString(), new Date(now - SESSION_IDLE_TIMEOUT_MS).toISOString());
  }

  #tokenRecord(sessionId: string, token: string, at: string): RefreshTokenRecord {
    return { id: newId(), session_id: sessionId, token_hash: hashToken(token), created_at: at, used_at: null, revoked_at: null };
  }

  async #issue(session: SessionRecord, refreshToken: string, knownUser?: UserRecord): Promise<IssuedTokens> {
    const user = knownUser ?? (await this.#deps.repository.findUserById(session.user_id));
    if (!user) throw sessionEnded();
    const amr: AmrEntry[] = [];
    if (session.aal === 'aal2' && session.aal2_at) amr.push({ method: 'totp', timestamp: Math.floor(Date.parse(session.aal2_at) / 1000) });
    amr.push({ method: 'password', timestamp: Math.floor(Date.parse(session.created_at) / 1000) });
    const signed = await this.#deps.accessTokens.sign({
      userId: user.id,
      sessionId: session.id,
      email: user.email,
      username: user.username,
      aal: session.aal,
      amr,
    });
    return {
      userId: user.id,
      sessionId: session.id,
      accessToken: signed.token,
      expiresIn: signed.expiresIn,
      expiresAt: signed.expiresAt,
      refreshToken,
      refreshLifetimeSeconds: Math.max(
        0,
        Math.floor((Math.min(Date.parse(session.expires_at), this.#deps.now() + SESSION_IDLE_TIMEOUT_MS) - this.#deps.now()) / 1000),
      ),
    };
  }
}
