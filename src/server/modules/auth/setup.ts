import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import type { Config } from '../../config/config.ts';
import type { Database } from '../../db/database.ts';
import { RateLimiter } from '../../plugins/rate-limit.ts';
import type { SharedState } from '../../providers/shared-state/shared-state.ts';
import { registerAuthentication } from '../../plugins/authenticate.ts';
import { siteOriginCheck } from '../../plugins/site-origin.ts';
import { createMfaService } from '../mfa/setup.ts';
import { DEFAULT_RATE_LIMITS, type RateLimitRules } from './constants.ts';
import { defaultDataDir, deriveAuthKeys, resolveAuthSecrets } from './keys.ts';
import { PasswordHasher, type PasswordHashingOptions } from './passwords.ts';
import { AuthRepository } from './repository.ts';
import { AuthService } from './service.ts';
import { SessionService } from './sessions.ts';
import { AccessTokens } from './tokens.ts';
import { authRoutes } from './routes.ts';
import { KnownDevices } from './known-devices.ts';
import { DEFAULT_SIGN_IN_THROTTLE, SignInThrottle, type SignInThrottleRules } from './sign-in-throttle.ts';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** What tests (and only tests, mostly) change about accounts: auth, and the clock and limits of profiles, bookmarks and account. */
export interface AccountOptions {
  /** Used instead of AUTH_SECRET_KEYS and the generated key file. */
  secretKeys?: string[];
  /** Where the generated auth-secret.key lives; defaults to the SQLite file's folder (./data). */
  dataDir?: string;
  /** Milliseconds since the epoch; a fake clock in tests. */
  now?: () => number;
  rateLimits?: Partial<RateLimitRules>;
  signInThrottle?: Partial<SignInThrottleRules>;
  passwordHashing?: PasswordHashingOptions;
}

/** What the other account modules (profiles, bookmarks, account) are built from. */
export interface AuthServices {
  auth: AuthService;
  limiter: RateLimiter;
  limits: RateLimitRules;
  now: () => number;
}

/**
 * Wires sign-in: keys, sessions, the second factor, the bearer-token plugin and /auth/v1 (GoTrue
 * subset) (DESIGN §5.1, §6).
 */
export async function registerAuth(
  app: FastifyInstance,
  config: Config,
  database: Database,
  state: SharedState,
  options: AccountOptions = {},
): Promise<AuthServices> {
  const now = options.now ?? Date.now;
  let secrets = options.secretKeys;
  if (!secrets) {
    const resolved = resolveAuthSecrets(config.authSecretKeys, options.dataDir ?? defaultDataDir(config.databaseUrl));
    secrets = resolved.secrets;
    if (resolved.created) app.log.warn('AUTH_SECRET_KEYS is not set: generated a secret into the data folder');
    if (resolved.source === 'file' && database.dialect === 'postgres') {
      app.log.warn('AUTH_SECRET_KEYS is not set: every instance sharing this database needs the same secret');
    }
  }
  const keys = await deriveAuthKeys(secrets);
  const limits: RateLimitRules = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const limiter = new RateLimiter(state);

  const accessTokens = new AccessTokens(keys, { issuer: `${config.publicUrl}/auth/v1`, now });
  const authRepository = new AuthRepository(database.db);
  const sessions = new SessionService({
    repository: authRepository,
    accessTokens,
    refreshChainKeys: keys.refreshChain,
    now,
    logger: app.log,
  });
  const mfa = createMfaService(database, {
    sessions,
    encryptionKeys: keys.encryption,
    limiter,
    limits,
    now,
  });
  const auth = new AuthService({
    repository: authRepository,
    sessions,
    passwords: new PasswordHasher(options.passwordHashing),
    factors: mfa,
    limiter,
    limits,
    throttle: new SignInThrottle(state, { ...DEFAULT_SIGN_IN_THROTTLE, ...options.signInThrottle }),
    knownDevices: new KnownDevices(keys.knownDevice),
    now,
    logger: app.log,
  });

  // Ended sessions and old challenges are deleted hourly: nothing is kept longer than it is useful.
  const purge = async () => {
    try {
      if ((await state.tryHold('lock:session-purge', Math.floor(PURGE_INTERVAL_MS * 0.9))) > 0) return;
      const sessionsRemoved = await sessions.purgeEnded();
      await mfa.purgeExpiredChallenges();
      if (sessionsRemoved > 0) app.log.info({ sessionsRemoved }, 'ended sessions removed');
    } catch (error) {
      app.log.warn({ err: error }, 'session cleanup failed');
    }
  };
  const purgeTimer = setInterval(() => void purge(), PURGE_INTERVAL_MS);
  purgeTimer.unref();
  app.addHook('onClose', async () => clearInterval(purgeTimer));

  await app.register(cookie);
  registerAuthentication(app, { authenticate: (token) => sessions.authenticate(token) });
  await app.register(authRoutes, {
    prefix: '/auth/v1',
    auth,
    mfa,
    sessions,
    accessTokens,
    isSiteOrigin: siteOriginCheck(config),
    secureCookies: config.secure,
  });
  return { auth, limiter, limits, now };
}
