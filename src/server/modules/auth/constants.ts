import type { RateLimitRule } from '../../plugins/rate-limit.ts';

/**
 * Every lifetime, size and limit of the built-in auth server, in one place. The reasons are in
 * docs/decisions/006-sessions-and-tokens.md; change them there and here together.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Access tokens (JWT, ES256) live 10 minutes; clients refresh about a minute and a half before. */
export const ACCESS_TOKEN_TTL_SECONDS = 10 * 60;
export const ACCESS_TOKEN_AUDIENCE = 'authenticated';
export const ACCESS_TOKEN_ROLE = 'authenticated';

/** A session ends after 30 days without a refresh, and 90 days after sign-in whatever happens. */
export const SESSION_IDLE_TIMEOUT_MS = 30 * DAY;
export const SESSION_MAX_LIFETIME_MS = 90 * DAY;

/** Refresh tokens: 256 random bits; the previous token keeps working for 10 s after rotation. */
export const REFRESH_TOKEN_BYTES = 32;
export const REFRESH_TOKEN_REUSE_GRACE_MS = 10 * SECOND;

/** OWASP's argon2id parameters: 19 MiB, 2 iterations, 1 lane. */
export const PASSWORD_HASHING = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** TOTP as authenticator apps expect it: SHA-1, 6 digits, 30 s; one step of clock drift either way. */
export const TOTP = { algorithm: 'SHA1', digits: 6, period: 30, window: 1, issuer: 'Ellis', secretBytes: 20 } as const;
export const MFA_CHALLENGE_TTL_MS = 5 * MINUTE;
export const MFA_MAX_ATTEMPTS_PER_CHALLENGE = 5;
export const MFA_MAX_FACTORS_PER_USER = 10;

/** Recovery codes: 4 groups of 5 base32 characters = 100 random bits. */
export const RECOVERY_CODE_GROUPS = 4;
export const RECOVERY_CODE_GROUP_LENGTH = 5;

/** Name and path of the web app's refresh-token cookie (DESIGN §5.1). */
export const REFRESH_COOKIE_NAME = 'ellis_refresh_token';
export const REFRESH_COOKIE_PATH = '/auth/v1';
/** The X-Client-Info value that switches a request to web-client mode. */
export const WEB_CLIENT_INFO = 'ellis-web';

/**
 * Fixed-window limits, shared by every instance (Redis) or per process. Per-IP limits are generous
 * because many of our users share one address (a shelter, a library, a clinic). Password checks are
 * not here: sign-in-throttle.ts slows failures down instead of counting attempts.
 */
export const DEFAULT_RATE_LIMITS = {
  signUpPerIp: { limit: 30, windowMs: HOUR },
  signUpPerUsername: { limit: 5, windowMs: 15 * MINUTE },
  refreshPerIp: { limit: 300, windowMs: 15 * MINUTE },
  refreshPerUser: { limit: 60, windowMs: 15 * MINUTE },
  recoveryPerIp: { limit: 20, windowMs: HOUR },
  recoveryPerUsername: { limit: 5, windowMs: HOUR },
  mfaVerifyPerUser: { limit: 30, windowMs: 15 * MINUTE },
  usernameCheckPerIp: { limit: 60, windowMs: MINUTE },
} satisfies Record<string, RateLimitRule>;

export type RateLimitRules = typeof DEFAULT_RATE_LIMITS;
