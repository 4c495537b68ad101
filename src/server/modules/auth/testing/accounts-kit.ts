/**
 * Helpers for the account route suites: an app on a given test database with a fake clock, fast
 * password hashing and (optionally) small rate limits. Not a test file; imported by *.test.ts.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { buildTestApp } from '../../../testing/test-app.ts';
import { MemorySharedState } from '../../../providers/shared-state/memory-shared-state.ts';
import type { TestDatabaseTarget } from '../../../db/testing/test-databases.ts';
import type { Database } from '../../../db/database.ts';
import type { RateLimitRules } from '../constants.ts';
import { fakeClock, offsetClock, type FakeClock } from '../../../testing/fake-clock.ts';

export const PASSWORD = 'Sunny-Day-2026';
/** Far lighter than production's argon2id parameters, so suites that create many users stay fast. */
export const FAST_HASHING = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export interface AccountsTestApp {
  app: FastifyInstance;
  database: Database;
  clock: FakeClock;
  close(): Promise<void>;
}

export async function startAccountsApp(
  target: Pick<TestDatabaseTarget, 'open'>,
  options: {
    rateLimits?: Partial<RateLimitRules>;
    env?: Record<string, string>;
    realHashing?: boolean;
    realTime?: boolean;
    clock?: FakeClock;
    /** What else the app is built with (another module's fakes and options). */
    app?: Pick<NonNullable<Parameters<typeof buildTestApp>[0]>, 'assistant' | 'chat'>;
  } = {},
): Promise<AccountsTestApp> {
  const database = await target.open();
  const clock = options.clock ?? (options.realTime ? offsetClock() : fakeClock());
  const { app } = await buildTestApp({
    ...options.app,
    database,
    sharedState: new MemorySharedState(clock.now),
    ...(options.env ? { env: options.env } : {}),
    accounts: {
      now: clock.now,
      ...(options.realHashing ? {} : { passwordHashing: FAST_HASHING }),
      ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
    },
  });
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

let counter = 0;
/** A valid, unique username. */
export function uniqueUsername(prefix = 'user'): string {
  counter += 1;
  return `${prefix}_${process.pid % 1000}_${counter}`.slice(0, 20);
}

export interface TestSession {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: string;
  recovery_code?: string;
  user: { id: string; email: string; user_metadata: { username: string }; factors: Array<{ id: string; status: string }> };
}

export async function signUp(
  app: FastifyInstance,
  username = uniqueUsername(),
  password = PASSWORD,
  headers: Record<string, string> = {},
): Promise<TestSession> {
  const response = await app.inject({ method: 'POST', url: '/auth/v1/signup', headers, payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export function signInRequest(
  app: FastifyInstance,
  username: string,
  password = PASSWORD,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', headers, payload: { username, password } });
}

export async function signIn(app: FastifyInstance, username: string, password = PASSWORD): Promise<TestSession> {
  const response = await signInRequest(app, username, password);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export function refreshRequest(app: FastifyInstance, refreshToken: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=refresh_token', payload: { refresh_token: refreshToken } });
}

/** The JWT payload, unverified (tests read claims; the server verifies). */
export function claimsOf(accessToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8'));
}

export function headerOf(accessToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(accessToken.split('.')[0]!, 'base64url').toString('utf8'));
}

export interface TotpEnrollment {
  factor: { id: string; totp: { secret: string } };
  /** The answer to the verify request: on 200, the aal2 session. */
  verified: LightMyRequestResponse;
}

/**
 * Turns on a TOTP factor for whoever `headers` authenticate: enrolls, opens a challenge and verifies
 * it with the code at `timestamp` (the suite's clock).
 */
export async function enrollTotp(
  app: FastifyInstance,
  headers: Record<string, string>,
  timestamp: number,
  friendlyName?: string,
): Promise<TotpEnrollment> {
  const payload = friendlyName === undefined ? { factor_type: 'totp' } : { factor_type: 'totp', friendly_name: friendlyName };
  const factor: TotpEnrollment['factor'] = (await app.inject({ method: 'POST', url: '/auth/v1/factors', headers, payload })).json();
  const challenge = (await app.inject({ method: 'POST', url: `/auth/v1/factors/${factor.id}/challenge`, headers, payload: {} })).json();
  const code = TOTP.generate({ secret: Secret.fromBase32(factor.totp.secret), timestamp });
  const verified = await app.inject({
    method: 'POST',
    url: `/auth/v1/factors/${factor.id}/verify`,
    headers,
    payload: { challenge_id: challenge.id, code },
  });
  return { factor, verified };
}
