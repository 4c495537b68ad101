// The real server (src/server/main.ts minus signal handling) as a child process for benchmarks:
// SQLite from DATABASE_URL, the production build from dist/, the production logger writing to a
// stdout the parent discards. One difference, so a benchmark measures the endpoint and not the abuse
// guard: rate limits are raised far above any bench's rate. Measures itself (measurement-window.ts).
import { resolve } from 'node:path';
import { loadConfig } from '../../src/server/config/config.ts';
import { migrateToLatest, openDatabase } from '../../src/server/db/database.ts';
import { createLogger } from '../../src/server/logger.ts';
import { buildApp } from '../../src/server/app.ts';
import { DEFAULT_RATE_LIMITS, type RateLimitRules } from '../../src/server/modules/auth/constants.ts';
import { serveMeasurementWindows } from './measurement-window.ts';

const UNLIMITED = { limit: 1_000_000_000, windowMs: 60_000 };
const rateLimits = Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, UNLIMITED])) as RateLimitRules;

// The sign-in throttle's per-address cap (600 checks per 15 min) is below login-lag's 50 logins/s.
const signInThrottle = { freeFailures: Number.MAX_SAFE_INTEGER, failedUsernamesPerIp: UNLIMITED, attemptsPerIp: UNLIMITED };

const config = loadConfig();
const database = openDatabase({ url: config.databaseUrl });
await migrateToLatest(database);
const app = await buildApp(config, { database, logger: createLogger(config), distDir: resolve('dist'), accounts: { rateLimits, signInThrottle } });
await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
serveMeasurementWindows(typeof address === 'object' && address ? address.port : config.port, async () => {
  await app.close();
  await database.close();
});
