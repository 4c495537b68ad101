// The real server (src/server/main.ts minus signal handling) as a child process for benchmarks:
// SQLite from DATABASE_URL, the production build from dist/, the production logger writing to a
// stdout the parent discards. Two differences, both so a benchmark measures the endpoint and not the
// abuse guard: rate limits are raised far above any bench's rate, and the process measures its own
// event-loop delay and CPU time. It talks to the parent over IPC: {type:'listening', port} once up;
// 'window-start' starts a measurement window, 'window-report' answers {type:'window', ...}.
import { resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../../src/server/config/config.ts';
import { migrateToLatest, openDatabase } from '../../src/server/db/database.ts';
import { createLogger } from '../../src/server/logger.ts';
import { buildApp } from '../../src/server/app.ts';
import { DEFAULT_RATE_LIMITS, type RateLimitRules } from '../../src/server/modules/auth/constants.ts';

export interface WindowReport {
  type: 'window';
  wallMs: number;
  /** CPU time of the whole process (event loop and libuv threads), user + system. */
  cpuMs: number;
  lagSamples: number;
  minMs: number;
  meanMs: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
}

const UNLIMITED = { limit: 1_000_000_000, windowMs: 60_000 };
const rateLimits = Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, UNLIMITED])) as RateLimitRules;

const config = loadConfig();
const database = openDatabase({ url: config.databaseUrl });
await migrateToLatest(database);
const app = await buildApp(config, { database, logger: createLogger(config), distDir: resolve('dist'), accounts: { rateLimits } });
await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;

// 1 ms resolution, 10 ms would hide the delays the 20 ms budget is about.
const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();

const toMs = (nanoseconds: number) => Math.round((nanoseconds / 1e6) * 100) / 100;
let windowStart = { cpu: process.cpuUsage(), wall: performance.now() };
process.on('message', (message: unknown) => {
  if (message === 'window-start') {
    histogram.reset();
    windowStart = { cpu: process.cpuUsage(), wall: performance.now() };
    process.send?.({ type: 'window-started' });
  } else if (message === 'window-report') {
    const cpu = process.cpuUsage(windowStart.cpu);
    const report: WindowReport = {
      type: 'window',
      wallMs: Math.round(performance.now() - windowStart.wall),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      lagSamples: histogram.count,
      minMs: toMs(histogram.min),
      meanMs: toMs(histogram.mean),
      p50Ms: toMs(histogram.percentile(50)),
      p90Ms: toMs(histogram.percentile(90)),
      p99Ms: toMs(histogram.percentile(99)),
      maxMs: toMs(histogram.max),
    };
    process.send?.(report);
  } else if (message === 'stop') {
    void app.close().then(() => database.close()).then(() => process.exit(0));
  }
});
process.send?.({ type: 'listening', port });
