/**
 * The app as the security suites see it: built on a test database with a fake clock, fast hashing and
 * rate limits out of the way (so generated input reaches the code behind them), with its own list of
 * routes (collected through onRoute, so routes merged later are covered without editing this file)
 * and, optionally, every log line it writes. Not a test file; imported by *.test.ts here.
 */
import type { SignInThrottleRules } from '../modules/auth/sign-in-throttle.ts';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { buildTestApp } from '../testing/test-app.ts';
import { NO_DIRECTORY_RATE_LIMITS } from '../modules/directory/testing/limits.ts';
import { loadConfig } from '../config/config.ts';
import { createLogger } from '../logger.ts';
import type { Database } from '../db/database.ts';
import type { TestDatabaseTarget } from '../db/testing/test-databases.ts';
import { DEFAULT_RATE_LIMITS, type RateLimitRules } from '../modules/auth/constants.ts';
import { DEFAULT_CHAT_RATE_LIMITS, type ChatRateLimits } from '../modules/chat/service.ts';
import { FakeVad } from '../providers/vad/testing/fake-vad.ts';
import { FakeStt } from '../providers/stt/testing/fake-stt.ts';
import { FakeTts } from '../providers/tts/testing/fake-tts.ts';
import { FAST_HASHING, PASSWORD, bearer, uniqueUsername, type TestSession } from '../modules/auth/testing/accounts-kit.ts';
import { fakeClock, type FakeClock } from '../testing/fake-clock.ts';

export interface AppRoute {
  method: string;
  /** Fastify's pattern, e.g. /api/bookmarks/:id */
  url: string;
  /** A WebSocket route (@fastify/websocket): reached with frames, not with inject. */
  websocket: boolean;
}

/** `METHOD /pattern`, the key of the example table. */
export function routeKey(route: Pick<AppRoute, 'method' | 'url'>): string {
  return `${route.method} ${route.url}`;
}

/** The Twilio auth token the suites' app verifies webhooks with (route examples sign with it). */
export const SECURITY_TWILIO_AUTH_TOKEN = 'security-suite-twilio-auth-token';

const UNLIMITED = { limit: 1_000_000, windowMs: 60_000 };
const NO_RATE_LIMITS = Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, UNLIMITED])) as RateLimitRules;
/** The suites sign in thousands of times from one address: the throttle is tested in its own suite. */
const NO_SIGN_IN_THROTTLE: Partial<SignInThrottleRules> = { freeFailures: Number.MAX_SAFE_INTEGER, failedUsernamesPerIp: UNLIMITED, attemptsPerIp: UNLIMITED };
const NO_CHAT_RATE_LIMITS = Object.fromEntries(Object.keys(DEFAULT_CHAT_RATE_LIMITS).map((name) => [name, UNLIMITED])) as ChatRateLimits;

export interface SecurityKitOptions {
  env?: Record<string, string>;
  /** What the fake speech recognizer hears in every voice turn (default "hello there"). */
  voiceTranscript?: string;
  /** Collect every log line (at trace level) into `logLines`. */
  captureLogs?: boolean;
  withWebApp?: boolean;
}

export interface Enrollment {
  id: string;
  totp: { secret: string };
}

export class SecurityKit {
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly clock: FakeClock;
  readonly routes: AppRoute[];
  readonly logLines: string[];
  readonly publicUrl: string;
  readonly #drop: () => Promise<void>;

  private constructor(parts: {
    app: FastifyInstance;
    database: Database & { drop(): Promise<void> };
    clock: FakeClock;
    routes: AppRoute[];
    logLines: string[];
    publicUrl: string;
  }) {
    this.app = parts.app;
    this.database = parts.database;
    this.clock = parts.clock;
    this.routes = parts.routes;
    this.logLines = parts.logLines;
    this.publicUrl = parts.publicUrl;
    this.#drop = parts.database.drop;
  }

  static async start(target: TestDatabaseTarget, options: SecurityKitOptions = {}): Promise<SecurityKit> {
    const database = await target.open();
    const clock = fakeClock(Date.now());
    const logLines: string[] = [];
    const routes: AppRoute[] = [];
    // The phone line's routes exist only with a Twilio token; the suites walk them too.
    const env = { LOG_LEVEL: 'trace', TWILIO_AUTH_TOKEN: SECURITY_TWILIO_AUTH_TOKEN, ...options.env };
    const logger = options.captureLogs
      ? createLogger(
          loadConfig({ NODE_ENV: 'test', ...env }),
          new Writable({
            write(chunk, _encoding, done) {
              logLines.push(String(chunk));
              done();
            },
          }),
        )
      : false;
    const { app } = await buildTestApp({
      database,
      env,
      logger,
      ...(options.withWebApp ? { withWebApp: true } : {}),
      onRoute: (route: RouteOptions) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          routes.push({ method, url: route.url, websocket: Boolean((route as { websocket?: boolean }).websocket) });
        }
      },
      accounts: { now: clock.now, passwordHashing: FAST_HASHING, rateLimits: NO_RATE_LIMITS, signInThrottle: NO_SIGN_IN_THROTTLE },
      // The built-in guide answers chat; voice runs on the scriptable fakes (no model files to load).
      chat: { rateLimits: NO_CHAT_RATE_LIMITS },
      directory: { rateLimits: NO_DIRECTORY_RATE_LIMITS, loadDefaultData: true },
      voice: {
        providers: { vad: new FakeVad(), stt: new FakeStt([], options.voiceTranscript ?? 'hello there'), tts: new FakeTts() },
        settings: { turnEndSilenceMs: 100, minSpeechMs: 40 },
        limits: { maxCallsPerIp: 1_000, maxCalls: 1_000, startsPerIp: UNLIMITED },
      },
    });
    await app.ready();
    const publicUrl = loadConfig({ NODE_ENV: 'test', ...env }).publicUrl;
    return new SecurityKit({ app, database, clock, routes, logLines, publicUrl });
  }

  /** The API routes (the web app's pages and files are covered by the page suites). */
  apiRoutes(): AppRoute[] {
    return this.routes.filter((route) => !route.websocket && isApiPattern(route.url));
  }

  inject(options: InjectOptions): Promise<LightMyRequestResponse> {
    return this.app.inject(options);
  }

  /** A brand-new account, signed in. */
  async newUser(password = PASSWORD): Promise<TestSession> {
    const response = await this.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      payload: { username: uniqueUsername('sec'), password },
    });
    if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
    return response.json();
  }

  #shared: TestSession | null = null;

  /** One long-lived user for routes that do not use their caller up; signed in again if a test ended the session. */
  async sharedUser(): Promise<TestSession> {
    if (this.#shared) {
      const check = await this.inject({ method: 'GET', url: '/api/profile', headers: bearer(this.#shared.access_token) });
      if (check.statusCode === 200) return this.#shared;
    }
    this.#shared = await this.newUser();
    return this.#shared;
  }

  async createBookmark(user: TestSession, title = 'Shelter on 5th'): Promise<string> {
    const response = await this.inject({ method: 'POST', url: '/api/bookmarks', headers: bearer(user.access_token), payload: { title } });
    if (response.statusCode !== 201) throw new Error(`bookmark failed: ${response.statusCode} ${response.body}`);
    return response.json().id;
  }

  async enrollFactor(user: TestSession): Promise<Enrollment> {
    const response = await this.inject({
      method: 'POST',
      url: '/auth/v1/factors',
      headers: bearer(user.access_token),
      payload: { factor_type: 'totp' },
    });
    if (response.statusCode !== 200) throw new Error(`enroll failed: ${response.statusCode} ${response.body}`);
    return response.json();
  }

  async challenge(user: TestSession, factorId: string): Promise<string> {
    const response = await this.inject({ method: 'POST', url: `/auth/v1/factors/${factorId}/challenge`, headers: bearer(user.access_token), payload: {} });
    if (response.statusCode !== 200) throw new Error(`challenge failed: ${response.statusCode} ${response.body}`);
    return response.json().id;
  }

  totpCode(secret: string): string {
    return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: this.clock.now() });
  }

  async close(): Promise<void> {
    await this.app.close();
    await this.#drop();
  }
}

export function isApiPattern(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/auth/') || url === '/hsds' || url.startsWith('/hsds/') || ['/healthz', '/readyz', '/metrics'].includes(url);
}

/** Path parameters of a Fastify pattern, in order. */
export function pathParams(pattern: string): string[] {
  return [...pattern.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}

/** The pattern with each :param replaced by the (already encoded) value. */
export function fillPath(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/:([A-Za-z0-9_]+)/g, (_whole, name: string) => values[name] ?? 'x');
}

/** What a stack trace or an internal path looks like inside a response body. */
export const LEAKED_INTERNALS = /(\n\s+at\s.+:\d+:\d+)|(\bat [\w.<>]+ \(.+:\d+:\d+\))|node_modules|node:internal|src\/server\/|\.ts:\d+/;
