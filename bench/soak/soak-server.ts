// The server side of the soak bench (bench/soak/soak.ts): the real app as a child process on
// loopback, with the configured speech synthesis (Flite by default: the engine whose descriptor leak
// this bench watches for), the fake voice-activity detector and recognizer (no model files, no
// pocketsphinx needed), the built-in guide as assistant, and limits raised above the bench's rate.
// SOAK_PG_SCHEMA puts the tables in that PostgreSQL schema (DATABASE_URL=postgres://…).
import { resolve } from 'node:path';
import { loadConfig } from '../../src/server/config/config.ts';
import { migrateToLatest, openDatabase } from '../../src/server/db/database.ts';
import { createLogger } from '../../src/server/logger.ts';
import { buildApp } from '../../src/server/app.ts';
import { DEFAULT_RATE_LIMITS, type RateLimitRules } from '../../src/server/modules/auth/constants.ts';
import { DEFAULT_CHAT_RATE_LIMITS, type ChatRateLimits } from '../../src/server/modules/chat/service.ts';
import { FakeVad } from '../../src/server/providers/vad/testing/fake-vad.ts';
import { FakeStt } from '../../src/server/providers/stt/testing/fake-stt.ts';
import { serveMeasurementWindows } from '../support/measurement-window.ts';

const UNLIMITED = { limit: 1_000_000_000, windowMs: 60_000 };
const unlimited = <T extends object>(rules: T) => Object.fromEntries(Object.keys(rules).map((name) => [name, UNLIMITED])) as T;

const config = loadConfig();
const schema = process.env.SOAK_PG_SCHEMA;
const database = openDatabase({ url: config.databaseUrl, ...(schema ? { schema } : {}) });
await migrateToLatest(database);
const app = await buildApp(config, {
  database,
  logger: createLogger(config),
  distDir: resolve('dist'),
  accounts: {
    rateLimits: unlimited(DEFAULT_RATE_LIMITS) as RateLimitRules,
    signInThrottle: { freeFailures: Number.MAX_SAFE_INTEGER, failedUsernamesPerIp: UNLIMITED, attemptsPerIp: UNLIMITED },
  },
  chat: { rateLimits: unlimited(DEFAULT_CHAT_RATE_LIMITS) as ChatRateLimits },
  voice: {
    providers: { vad: new FakeVad(), stt: new FakeStt([], 'I need a place to sleep tonight') },
    limits: { maxCallsPerIp: 1_000, maxCalls: 1_000, startsPerIp: UNLIMITED },
    settings: { turnEndSilenceMs: 200, minSpeechMs: 40 },
  },
});
await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
serveMeasurementWindows(typeof address === 'object' && address ? address.port : config.port, async () => {
  await app.close();
  await database.close();
});
