// API throughput (DESIGN §9: bookmark list ≥ 4,000 req/s per core on SQLite). autocannon drives
// the real server, one Node process (so one core for JavaScript) on loopback with a fresh SQLite
// file, for a fixed time per endpoint: resource search (public), bookmark list (bearer token, 20
// bookmarks) and token refresh (each connection rotates its own sessions' refresh tokens).
// "Per core" is requests per second of the server's CPU time, which holds on a shared machine. A
// yardstick, bare Fastify answering a bookmark-list-shaped body (support/bare-fastify-server.ts),
// shows how fast this machine is: compare each endpoint with it, not only with the budget.
// Prints one JSON object on its last line. Options: --duration-s N (default 10), --connections N (10),
// --endpoints "bookmark list,token refresh" (default all three).
import autocannon from 'autocannon';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { startBenchServer } from './support/server-process.ts';
import type { WindowReport } from './support/measurement-window.ts';

const { values } = parseArgs({
  options: {
    'duration-s': { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    endpoints: { type: 'string', default: 'resource search,bookmark list,token refresh' },
  },
});
const ENDPOINTS = new Set(values.endpoints.split(','));
const DURATION_S = Number(values['duration-s']);
const CONNECTIONS = Number(values.connections);
const BOOKMARKS = 20;
const PASSWORD = 'Bench-Password-2026';

interface SessionBody {
  access_token: string;
  refresh_token: string;
}

interface EndpointResult {
  name: string;
  requestsPerSecond: number;
  /** Requests per second of server CPU time: the per-core rate, even on a machine busy with other work. */
  requestsPerCpuSecond: number;
  serverCpuMs: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

async function postJson<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

function summarize(name: string, result: autocannon.Result, window: WindowReport): EndpointResult {
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    requestsPerCpuSecond: Math.round(result.requests.total / (window.cpuMs / 1000)),
    serverCpuMs: window.cpuMs,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

const server = await startBenchServer();
try {
  const origin = server.origin;
  const username = `bench_${Date.now().toString(36)}`;
  const first = await postJson<SessionBody>(`${origin}/auth/v1/signup`, { username, password: PASSWORD });
  for (let index = 0; index < BOOKMARKS; index += 1) {
    await postJson(`${origin}/api/bookmarks`, { title: `Bookmark ${index}`, url: `https://example.org/${index}`, description: 'Bench data' }, first.access_token);
  }

  const results: EndpointResult[] = [];
  const measure = async (name: string, options: autocannon.Options) => {
    if (!ENDPOINTS.has(name)) return;
    await server.startWindow();
    const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options });
    results.push(summarize(name, result, await server.reportWindow()));
  };

  await measure('resource search', { url: `${origin}/api/resources?q=food&category=all` });
  await measure('bookmark list', { url: `${origin}/api/bookmarks`, headers: { authorization: `Bearer ${first.access_token}` } });

  // Refresh tokens rotate: each request spends one and gets the next. autocannon resets a
  // connection's context on every loop, so live tokens sit in a shared pool; spares cover tokens
  // taken by requests autocannon builds but never sends.
  const pool: string[] = [first.refresh_token];
  while (pool.length < CONNECTIONS * 2 + 5) {
    pool.push((await postJson<SessionBody>(`${origin}/auth/v1/token?grant_type=password`, { username, password: PASSWORD })).refresh_token);
  }
  await measure('token refresh', {
    url: `${origin}/auth/v1/token?grant_type=refresh_token`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ refresh_token: pool.shift() ?? '' }) }),
        onResponse: (status, body) => {
          if (status === 200) pool.push((JSON.parse(body) as SessionBody).refresh_token);
        },
      },
    ],
  });

  const bare = await startBenchServer('bench/support/bare-fastify-server.ts');
  try {
    await bare.startWindow();
    const result = await autocannon({ url: `${bare.origin}/bookmarks`, connections: CONNECTIONS, duration: DURATION_S });
    results.push(summarize('yardstick: bare Fastify, same body', result, await bare.reportWindow()));
  } finally {
    await bare.stop();
  }

  console.log(
    JSON.stringify({
      name: 'api-throughput',
      durationS: DURATION_S,
      connections: CONNECTIONS,
      database: 'sqlite',
      loadAverage1m: loadavg()[0],
      cpus: availableParallelism(),
      endpoints: results,
    }),
  );
} finally {
  await server.stop();
}
