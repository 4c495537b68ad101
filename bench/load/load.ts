// Load benchmark (DESIGN §9): the real app on loopback, driven by autocannon for a bounded
// time per scenario: public pages, the resource directory, the bookmark list, chat streams. Runs on
// SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set. Progress goes to stderr; the last
// stdout line is one JSON object with, per database and scenario, requests/s, the error rate and
// latency percentiles (ms). Never asserts timings: budgets are read from the JSON.
//
//   node bench/load/load.ts                 5 s per scenario, 20 connections
//   LOAD_DURATION_S=10 LOAD_CONNECTIONS=50 node bench/load/load.ts
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config/config.ts';
import { testDatabaseTargets } from '../../src/server/db/testing/test-databases.ts';
import { DEFAULT_CHAT_RATE_LIMITS, type ChatRateLimits } from '../../src/server/modules/chat/service.ts';

const DURATION_S = Number(process.env.LOAD_DURATION_S ?? 5);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 20);
const DIST_DIR = resolve('dist');
const PASSWORD = 'Load-Test-Pass-2026';
const CHAT_UNLIMITED = Object.fromEntries(
  Object.keys(DEFAULT_CHAT_RATE_LIMITS).map((name) => [name, { limit: 10_000_000, windowMs: 60_000 }]),
) as ChatRateLimits;

interface ScenarioResult {
  scenario: string;
  skipped?: string;
  requests?: number;
  requestsPerSecond?: number;
  errorRate?: number;
  non2xx?: number;
  errors?: number;
  timeouts?: number;
  latencyMs?: { p50: number; p90: number; p97_5: number; p99: number; max: number; mean: number };
}

interface Scenario {
  name: string;
  /** Why it cannot run on this build, or null. */
  unavailable(routes: Set<string>, hasWebApp: boolean): string | null;
  requests(base: Context): Promise<autocannon.Request[]>;
}

interface Context {
  app: FastifyInstance;
  url: string;
}

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

async function signUp(context: Context, username: string): Promise<string> {
  const response = await context.app.inject({ method: 'POST', url: '/auth/v1/signup', payload: { username, password: PASSWORD } });
  if (response.statusCode !== 200) throw new Error(`sign-up for the load test failed: ${response.statusCode} ${response.body}`);
  return response.json().access_token;
}

const SCENARIOS: Scenario[] = [
  {
    name: 'public pages (/, /about, /resources, /privacy)',
    unavailable: (_routes, hasWebApp) => (hasWebApp ? null : 'the web app is not built (run npm run build)'),
    requests: async () => ['/', '/about', '/resources', '/privacy'].map((path) => ({ method: 'GET', path, headers: { 'accept-encoding': 'gzip' } })),
  },
  {
    name: 'resource directory (GET /api/resources?q=food)',
    unavailable: () => null,
    requests: async () => [{ method: 'GET', path: '/api/resources?q=food' }],
  },
  {
    name: 'bookmark list (GET /api/bookmarks, 20 rows)',
    unavailable: () => null,
    requests: async (context) => {
      const token = await signUp(context, `load_${Date.now() % 1_000_000}`);
      for (let index = 0; index < 20; index++) {
        await context.app.inject({
          method: 'POST',
          url: '/api/bookmarks',
          headers: { authorization: `Bearer ${token}` },
          payload: { title: `Place ${index}`, url: 'https://example.org/place', description: 'Open every day' },
        });
      }
      return [{ method: 'GET', path: '/api/bookmarks', headers: { authorization: `Bearer ${token}` } }];
    },
  },
  {
    name: 'chat streams (POST /api/chat/conversations/{id}/messages)',
    unavailable: (routes) =>
      routes.has('POST /api/chat/session') && routes.has('POST /api/chat/conversations/:id/messages')
        ? null
        : 'the chat routes are not in this build yet (they arrive with the chat work)',
    requests: async (context) => {
      // Several anonymous conversations (DESIGN §5.2), each streamed into in turn.
      const requests: autocannon.Request[] = [];
      for (let index = 0; index < 10; index++) {
        const session = await context.app.inject({ method: 'POST', url: '/api/chat/session', payload: {} });
        const { conversation, token } = session.json();
        requests.push({
          method: 'POST',
          path: `/api/chat/conversations/${conversation.id}/messages`,
          headers: { 'content-type': 'application/json', 'x-conversation-token': token },
          body: JSON.stringify({ content: 'I need somewhere to sleep tonight' }),
        });
      }
      return requests;
    },
  },
];

function run(url: string, requests: autocannon.Request[]): Promise<autocannon.Result> {
  return new Promise((done, fail) => {
    // A worker thread drives the load, so the client does not share the event loop it measures.
    const instance = autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, requests, workers: 1 }, (error, result) =>
      error ? fail(error) : done(result),
    );
    instance.on('error', fail);
  });
}

async function benchDatabase(target: ReturnType<typeof testDatabaseTargets>[number]): Promise<ScenarioResult[]> {
  const database = await target.open();
  const routes = new Set<string>();
  const hasWebApp = existsSync(resolve(DIST_DIR, 'client', 'pages'));
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
  const app = await buildApp(config, {
    database,
    logger: false,
    distDir: hasWebApp ? DIST_DIR : null,
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.add(`${method} ${route.url}`);
    },
    // The load comes from one address: per-address limits would measure the limiter, not the server.
    accounts: { secretKeys: ['load-benchmark-secret-0123456789abcdef'], rateLimits: { signUpPerIp: { limit: 1_000, windowMs: 60_000 } } },
    chat: { rateLimits: CHAT_UNLIMITED },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const results: ScenarioResult[] = [];
  try {
    for (const scenario of SCENARIOS) {
      const reason = scenario.unavailable(routes, hasWebApp);
      if (reason) {
        log(`[${target.dialect}] ${scenario.name}: skipped, ${reason}`);
        results.push({ scenario: scenario.name, skipped: reason });
        continue;
      }
      const requests = await scenario.requests({ app, url });
      log(`[${target.dialect}] ${scenario.name}: ${DURATION_S} s, ${CONNECTIONS} connections…`);
      const result = await run(url, requests);
      const total = result.requests.total;
      const failed = result.non2xx + result.errors + result.timeouts;
      const summary: ScenarioResult = {
        scenario: scenario.name,
        requests: total,
        requestsPerSecond: Math.round(result.requests.average),
        errorRate: total + result.errors === 0 ? 1 : Number((failed / (total + result.errors)).toFixed(5)),
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        latencyMs: {
          p50: result.latency.p50,
          p90: result.latency.p90,
          p97_5: result.latency.p97_5,
          p99: result.latency.p99,
          max: result.latency.max,
          mean: result.latency.mean,
        },
      };
      log(`  ${summary.requestsPerSecond} req/s, error rate ${summary.errorRate}, p50 ${summary.latencyMs!.p50} ms, p99 ${summary.latencyMs!.p99} ms`);
      results.push(summary);
    }
  } finally {
    await app.close();
    await database.drop();
  }
  return results;
}

const report: Record<string, ScenarioResult[]> = {};
for (const target of testDatabaseTargets()) report[target.dialect] = await benchDatabase(target);
console.log(JSON.stringify({ benchmark: 'load', durationSeconds: DURATION_S, connections: CONNECTIONS, node: process.version, results: report }));
