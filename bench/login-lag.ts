// Event-loop delay of the server while people sign in (DESIGN §9: login stays off the event loop,
// lag p99 ≤ 20 ms during 50 logins/s). The server process measures itself with
// perf_hooks.monitorEventLoopDelay (1 ms resolution) while autocannon, in this process, sends
// password logins at a fixed overall rate with production argon2id parameters. An idle window
// first gives the baseline of this machine. Prints one JSON object on its last line.
// Options: --rate N (logins per second, default 50), --duration-s N (default 10).
import autocannon from 'autocannon';
import { availableParallelism, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { startBenchServer } from './support/server-process.ts';
import type { WindowReport } from './support/measurement-window.ts';

const { values } = parseArgs({
  options: { rate: { type: 'string', default: '50' }, 'duration-s': { type: 'string', default: '10' } },
});
const RATE = Number(values.rate);
const DURATION_S = Number(values['duration-s']);
const USERS = 20;
const PASSWORD = 'Bench-Password-2026';
const IDLE_WINDOW_MS = 3_000;

function lagOf(window: WindowReport) {
  const { lagSamples, meanMs, p50Ms, p90Ms, p99Ms, maxMs } = window;
  return { samples: lagSamples, meanMs, p50Ms, p90Ms, p99Ms, maxMs, serverCpuMs: window.cpuMs };
}

const server = await startBenchServer();
try {
  const origin = server.origin;
  const prefix = `lag_${Date.now().toString(36)}`;
  const usernames = Array.from({ length: USERS }, (_, index) => `${prefix}_${index}`);
  for (const username of usernames) {
    const response = await fetch(`${origin}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    if (!response.ok) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  }

  await server.startWindow();
  await sleep(IDLE_WINDOW_MS);
  const idle = lagOf(await server.reportWindow());

  let next = 0;
  await server.startWindow();
  const result = await autocannon({
    url: `${origin}/auth/v1/token?grant_type=password`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // Enough connections that slow hashes never hold the rate back.
    connections: RATE,
    overallRate: RATE,
    duration: DURATION_S,
    requests: [
      {
        setupRequest: (request) => {
          next += 1;
          return { ...request, body: JSON.stringify({ username: usernames[next % USERS], password: PASSWORD }) };
        },
      },
    ],
  });
  const burst = await server.reportWindow();

  console.log(
    JSON.stringify({
      name: 'login-lag',
      targetLoginsPerSecond: RATE,
      durationS: DURATION_S,
      loadAverage1m: loadavg()[0],
      cpus: availableParallelism(),
      uvThreadpoolSize: Number(process.env.UV_THREADPOOL_SIZE ?? 4),
      logins: {
        completed: result.requests.total,
        perSecond: Math.round((result.requests.total / (burst.wallMs / 1000)) * 10) / 10,
        non2xx: result.non2xx,
        errors: result.errors,
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
      },
      idleLag: idle,
      loginLag: lagOf(burst),
    }),
  );
} finally {
  await server.stop();
}
