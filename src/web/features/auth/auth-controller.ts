/**
 * The signed-in state of the page (SPEC §4 "Auth"), kept outside React so it is one per page and
 * testable without a DOM. States: loading → signed in (user and profile) or signed out.
 *
 * - On start it asks for a new session with the refresh-token grant: the refresh token is an
 *   HttpOnly cookie, so this is how a reload or a new tab finds out who is signed in. Without the
 *   secret-free hint cookie (src/shared/session-hint.ts) no one is signed in and nothing is asked.
 * - No answer within 10 s sets "Authentication initialization timeout".
 * - A session is refreshed shortly before it expires; a failed refresh that may succeed later is
 *   retried with a back-off of 200 ms, doubling (SPEC §9). A refused refresh means signed out.
 * - Signing out always clears user, profile and error here, even when the server call fails.
 * - The access token is kept in memory only (lib/api-client.ts).
 */
import { api, ApiError, getAccessToken, setAccessToken, setUnauthorizedHandler } from '../../lib/api-client.ts';
import { mayHaveSession } from '../../../shared/session-hint.ts';
import {
  AUTH_BASE,
  expiresAtMs,
  needsSecondFactor,
  verifiedTotpFactor,
  type AuthUser,
  type Factor,
  type Session,
} from './session.ts';
import type { Profile } from '../../../shared/accounts-api.ts';

export const AUTH_INIT_TIMEOUT_MS = 10_000;
export const REFRESH_RETRY_BASE_MS = 200;
const REFRESH_RETRY_MAX_MS = 30_000;
/** Retries of the start-up refresh before giving up (200 + 400 + … + 3200 ms ≈ 6 s, under the 10 s limit). */
const INIT_RETRIES = 5;
/** Refresh this long before the access token expires (at most half its lifetime). */
const REFRESH_MARGIN_MS = 60_000;
const LOGOUT_TIMEOUT_MS = 5_000;

/**
 * Why restoring the session failed (SPEC §8 Auth init); the screen shows it in the visitor's
 * language (error-text.ts authProblemText).
 */
export type AuthProblem =
  | { kind: 'initTimeout' }
  | { kind: 'sessionError'; error: ApiError }
  | { kind: 'initFailed'; detail: string };

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

/** What happened last, as in SPEC §4's session events. */
export type AuthEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY'
  | 'MFA_CHALLENGE_VERIFIED';

export interface AuthSnapshot {
  status: AuthStatus;
  loading: boolean;
  user: AuthUser | null;
  profile: Profile | null;
  error: AuthProblem | null;
  /** Set while a password sign-in waits for the six-digit code of this factor. */
  pendingFactor: Factor | null;
  /** Where a screen that needs a user should go after this sign-out (null: the login page). */
  exitTo: string | null;
  lastEvent: AuthEvent | null;
}

export const initialAuthSnapshot: AuthSnapshot = Object.freeze({
  status: 'loading',
  loading: true,
  user: null,
  profile: null,
  error: null,
  pendingFactor: null,
  exitTo: null,
  lastEvent: null,
});

export type SignOutScope = 'local' | 'others' | 'global';

export interface AuthControllerOptions {
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class AuthController {
  private snapshot: AuthSnapshot = initialAuthSnapshot;
  private readonly listeners = new Set<() => void>();
  private started = false;
  /** When start() ran (ms since the epoch): how long auth has been loading is measured from here. */
  startedAt: number | null = null;
  private initTimer: unknown = null;
  private refreshTimer: unknown = null;
  private refreshAttempt = 0;
  private expiresAt = 0;
  private inFlightRefresh: Promise<string | null> | null = null;
  /** Bumped whenever the local session is replaced or cleared, so stale answers are ignored. */
  private epoch = 0;
  private readonly now: () => number;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(options: AuthControllerOptions = {}) {
    this.now = options.now ?? Date.now;
    this.setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
    this.clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  getSnapshot = (): AuthSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<AuthSnapshot>): void {
    const next = { ...this.snapshot, ...patch };
    next.loading = next.status === 'loading';
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  /** Restores the session from the refresh cookie. Safe to call more than once. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.startedAt = this.now();
    setUnauthorizedHandler(() => this.refresh());
    this.initTimer = this.setTimer(() => {
      this.initTimer = null;
      if (this.snapshot.status === 'loading') this.set({ status: 'signedOut', error: { kind: 'initTimeout' } });
    }, AUTH_INIT_TIMEOUT_MS);
    void this.initialize();
  }

  private finishInit(): void {
    if (this.initTimer !== null) this.clearTimer(this.initTimer);
    this.initTimer = null;
  }

  private async initialize(): Promise<void> {
    const epoch = this.epoch;
    if (typeof document !== 'undefined' && !mayHaveSession(document.cookie)) {
      // No refresh cookie here: signed out, without a round trip.
      this.finishInit();
      this.clearLocal('INITIAL_SESSION');
      return;
    }
    for (let attempt = 0; ; attempt += 1) {
      try {
        const session = await this.refreshGrant();
        if (epoch !== this.epoch) return;
        await this.applySession(session, 'INITIAL_SESSION');
        this.finishInit();
        return;
      } catch (error) {
        if (epoch !== this.epoch) return;
        // Offline or a struggling server: try again shortly. A rate limit (429) is not retried here:
        // more attempts would only use up more of it.
        if (error instanceof ApiError && error.retryable && error.status !== 429 && attempt < INIT_RETRIES) {
          await sleep(REFRESH_RETRY_BASE_MS * 2 ** attempt);
          if (epoch !== this.epoch) return;
          continue;
        }
        this.finishInit();
        if (error instanceof ApiError && !error.retryable) {
          // No cookie, or a session that has ended: simply signed out.
          this.clearLocal('INITIAL_SESSION');
        } else if (error instanceof ApiError) {
          this.clearLocal('INITIAL_SESSION', { kind: 'sessionError', error });
        } else {
          this.clearLocal('INITIAL_SESSION', { kind: 'initFailed', detail: error instanceof Error ? error.message : String(error) });
        }
        return;
      }
    }
  }

  private refreshGrant(): Promise<Session> {
    return api.post<Session>(`${AUTH_BASE}/token?grant_type=refresh_token`, {}, { auth: false, timeoutMs: AUTH_INIT_TIMEOUT_MS });
  }

  /**
   * Makes a session from the server the current one. A session still waiting for its second factor
   * is kept (its token reaches the MFA endpoints) but nobody counts as signed in yet.
   */
  async applySession(session: Session, event: AuthEvent = 'SIGNED_IN'): Promise<'signedIn' | 'needsSecondFactor'> {
    if (!session.user) throw new Error('The session has no user');
    const epoch = ++this.epoch;
    const receivedAt = this.now();
    setAccessToken(session.access_token);
    this.expiresAt = typeof session.expires_in === 'number' && session.expires_in > 0
      ? receivedAt + session.expires_in * 1000
      : expiresAtMs(session, receivedAt);
    this.refreshAttempt = 0;
    this.scheduleRefresh();

    if (needsSecondFactor(session)) {
      this.set({ status: 'signedOut', user: null, profile: null, error: null, pendingFactor: verifiedTotpFactor(session.user), lastEvent: event });
      return 'needsSecondFactor';
    }

    const sameUser = this.snapshot.user?.id === session.user.id;
    const profile = sameUser && this.snapshot.profile ? this.snapshot.profile : await this.fetchProfile();
    if (epoch !== this.epoch) return 'signedIn';
    this.set({ status: 'signedIn', user: session.user, profile, error: null, pendingFactor: null, exitTo: null, lastEvent: event });
    return 'signedIn';
  }

  /** GET /api/profile; a missing profile (404) is tolerated and leaves it empty. */
  private async fetchProfile(): Promise<Profile | null> {
    try {
      return await api.get<Profile>('/api/profile', { timeoutMs: AUTH_INIT_TIMEOUT_MS });
    } catch {
      // 404 means no profile row; any other failure also leaves the profile empty (the username
      // then comes from the user's metadata, or "User").
      return null;
    }
  }

  /** Replaces the user after a change on the server (password, factors). */
  setUser(user: AuthUser): void {
    if (this.snapshot.status !== 'signedIn') return;
    this.set({ user, lastEvent: 'USER_UPDATED' });
  }

  async reloadUser(): Promise<void> {
    const user = await api.get<AuthUser>(`${AUTH_BASE}/user`);
    this.setUser(user);
  }

  /** Asks for a new session with the refresh cookie. Returns the new access token, or null when signed out. */
  refresh(): Promise<string | null> {
    if (this.inFlightRefresh) return this.inFlightRefresh;
    const epoch = this.epoch;
    const run = (async () => {
      try {
        const session = await this.refreshGrant();
        if (epoch !== this.epoch) return null;
        await this.applySession(session, 'TOKEN_REFRESHED');
        return session.access_token;
      } catch (error) {
        if (error instanceof ApiError && !error.retryable && epoch === this.epoch) {
          this.clearLocal('SIGNED_OUT');
          return null;
        }
        throw error;
      }
    })();
    this.inFlightRefresh = run;
    void run.then(
      () => (this.inFlightRefresh = null),
      () => (this.inFlightRefresh = null),
    );
    return run;
  }

  private scheduleRefresh(delayOverride?: number): void {
    if (this.refreshTimer !== null) this.clearTimer(this.refreshTimer);
    const lifetime = this.expiresAt - this.now();
    const delay = delayOverride ?? Math.max(0, lifetime - Math.min(REFRESH_MARGIN_MS, lifetime / 2));
    this.refreshTimer = this.setTimer(() => {
      this.refreshTimer = null;
      this.refresh().catch(() => {
        // Offline or the server is struggling: try again, 200 ms then doubling.
        const retryIn = Math.min(REFRESH_RETRY_BASE_MS * 2 ** this.refreshAttempt, REFRESH_RETRY_MAX_MS);
        this.refreshAttempt += 1;
        this.scheduleRefresh(retryIn);
      });
    }, delay);
  }

  /** A tab coming back from the background may have slept through its refresh. */
  onVisible(): void {
    if (this.snapshot.status === 'loading' || this.expiresAt === 0) return;
    if (this.expiresAt - this.now() < REFRESH_MARGIN_MS) this.scheduleRefresh(0);
  }

  /**
   * Ends the session on the server (scope "local" by default) and, for local and global scope,
   * always clears the local state — even when the server cannot be reached.
   */
  async signOut(scope: SignOutScope = 'local', exitTo: string | null = null): Promise<void> {
    const token = getAccessToken();
    try {
      if (token) await api.post(`${AUTH_BASE}/logout?scope=${scope}`, {}, { token, timeoutMs: LOGOUT_TIMEOUT_MS });
    } catch (error) {
      if (scope === 'others') throw error;
    } finally {
      if (scope !== 'others') this.clearLocal('SIGNED_OUT', null, exitTo);
    }
  }

  /**
   * Forgets the session here without telling the server (it has already ended it). `exitTo` tells
   * screens that need a user where to go instead of the login page.
   */
  clearLocal(event: AuthEvent = 'SIGNED_OUT', error: AuthProblem | null = null, exitTo: string | null = null): void {
    this.epoch += 1;
    setAccessToken(null);
    this.expiresAt = 0;
    if (this.refreshTimer !== null) this.clearTimer(this.refreshTimer);
    this.refreshTimer = null;
    this.set({ status: 'signedOut', user: null, profile: null, error, pendingFactor: null, exitTo, lastEvent: event });
  }
}
