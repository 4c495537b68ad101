// Soak benchmark (issue 17, DESIGN §9): the real server as a child process on loopback, driven for
// SOAK_DURATION_S (default 600) by a bounded mix of traffic — public pages, the directory, sign-ins,
// bookmark writes and lists, chat streams read to the end and chat streams aborted mid-reply, and
// voice calls whose replies are spoken by the configured engine (Flite). Every SOAK_SAMPLE_S it
// samples the server's resident memory, V8 heap, open descriptors (from its /metrics) and database
// connections; after the warm-up (SOAK_WARMUP_S, default a sixth of the run) it fits a line to each
// and reports the slope per minute. Progress goes to stderr; the last stdout line is one JSON object.
// Never asserts: the budget (descriptors ≤ 0.1/min) is read from the JSON.
//
//   npm run bench:soak                              10 minutes on SQLite
//   SOAK_DURATION_S=120 npm run bench:soak          a short run
//   SOAK_DATABASE_URL=postgres://… npm run bench:soak   on PostgreSQL (a scratch schema is made and dropped)
import { randomBytes } from 'node:crypto';
import { readdirSync, readlinkSync } from 'node:fs';
import pg from 'pg';
import WebSocket from 'ws';
import { startBenchServer, type BenchServer } from '../support/server-process.ts';
import { VOICE_PATH } from '../../src/shared/voice-protocol.ts';
import { bytesFromPcm16 } from '../../src/server/providers/audio/pcm.ts';
import { frames, silence, tone } from '../../src/server/modules/voice/testing/voice-kit.ts';

const DURATION_S = Number(process.env.SOAK_DURATION_S ?? 600);
const SAMPLE_S = Number(process.env.SOAK_SAMPLE_S ?? 10);
const WARMUP_S = Number(process.env.SOAK_WARMUP_S ?? Math.min(120, Math.round(DURATION_S / 6)));
const DATABASE_URL = process.env.SOAK_DATABASE_URL ?? null;
/** What the page's origin is to the server (PUBLIC_URL's default), for the voice socket's Origin check. */
const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'Soak-Bench-Passphrase-2026';

interface Sample {
  atS: number;
  rssMiB: number;
  heapMiB: number;
  openFds: number;
  dbConnections: number;
}

const counts = { requests: 0, failures: 0, voiceCalls: 0, voiceReplies: 0, chatStreams: 0, chatAborted: 0 };
const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(origin: string, path: string, init: RequestInit = {}): Promise<Response> {
  counts.requests += 1;
  const response = await fetch(`${origin}${path}`, init);
  if (response.status >= 500) counts.failures += 1;
  return response;
}

async function json<T>(origin: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await call(origin, path, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** One chat stream; `abortAfterFirstDelta` closes it as soon as Ellis starts answering. */
async function chat(origin: string, abortAfterFirstDelta: boolean): Promise<void> {
  const { conversation, token } = await json<{ conversation: { id: string }; token: string }>(origin, '/api/chat/session', { method: 'POST', body: '{}' });
  const controller = new AbortController();
  const response = await call(origin, `/api/chat/conversations/${conversation.id}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-conversation-token': token },
    body: JSON.stringify({ content: 'I lost my housing and need somewhere to sleep tonight' }),
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (abortAfterFirstDelta && new TextDecoder().decode(value).includes('event: delta')) {
        controller.abort();
        counts.chatAborted += 1;
        return;
      }
    }
    counts.chatStreams += 1;
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
}

/** One voice call: start, one spoken turn, wait for the spoken reply to begin, hang up. */
function voiceCall(origin: string): Promise<void> {
  counts.voiceCalls += 1;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${origin.replace('http', 'ws')}${VOICE_PATH}`, { headers: { origin: ORIGIN } });
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error('voice call timed out'));
    }, 20_000);
    let spoke = false;
    let answering = false;
    let audioFrames = 0;
    socket.on('open', () => socket.send(JSON.stringify({ type: 'start', sampleRate: 16_000, encoding: 'pcm_s16le' })));
    socket.on('message', (data, isBinary) => {
      if (isBinary) {
        if (!answering) return;
        audioFrames += 1;
        // The reply is being spoken (Flite ran): a few frames are enough, then hang up mid-reply.
        if (audioFrames === 40) {
          counts.voiceReplies += 1;
          socket.send(JSON.stringify({ type: 'stop' }));
          socket.close();
        }
        return;
      }
      const message = JSON.parse(String(data)) as { type: string; status?: string };
      if (message.type === 'status' && message.status === 'thinking' && spoke) answering = true;
      if (message.type === 'status' && message.status === 'listening' && !spoke) {
        // The greeting is being spoken too; the caller talks over it (barge-in), then waits.
        spoke = true;
        for (const frame of frames(tone(600))) socket.send(bytesFromPcm16(frame));
        for (const frame of frames(silence(400))) socket.send(bytesFromPcm16(frame));
      }
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** One signed-in visit: sign in, list, add and remove a bookmark, sign out. */
async function account(origin: string, username: string): Promise<void> {
  const session = await json<{ access_token: string }>(origin, '/auth/v1/token?grant_type=password', {
    method: 'POST',
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const auth = { authorization: `Bearer ${session.access_token}` };
  await json(origin, '/api/bookmarks', { headers: auth });
  const bookmark = await json<{ id: string }>(origin, '/api/bookmarks', {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ title: 'Night shelter', url: 'https://example.org/shelter', description: 'Beds from 6 pm' }),
  });
  await call(origin, `/api/bookmarks/${bookmark.id}`, { method: 'DELETE', headers: auth });
  await call(origin, '/auth/v1/logout?scope=local', { method: 'POST', headers: auth });
}

/** Runs `task` every `everyMs` until the deadline; failures are counted, never thrown. */
async function loop(deadline: number, everyMs: number, task: () => Promise<void>): Promise<void> {
  while (Date.now() < deadline) {
    const started = Date.now();
    try {
      await task();
    } catch (error) {
      counts.failures += 1;
      log(`  task failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    await sleep(Math.max(0, everyMs - (Date.now() - started)));
  }
}

function metric(text: string, name: string): number {
  const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text);
  return match ? Number(match[1]) : NaN;
}

async function dbConnections(server: BenchServer, admin: pg.Client | null, schema: string | null): Promise<number> {
  if (admin && schema) {
    // The server's pool, by the search_path its connections were opened with.
    const result = await admin.query("select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state is not null and backend_type = 'client backend'");
    return result.rows[0].n as number;
  }
  // SQLite: the database file and its journal, as the server process holds them open.
  let open = 0;
  for (const fd of readdirSync(`/proc/${server.child.pid}/fd`)) {
    try {
      if (/\.db(-wal|-shm|-journal)?$/.test(readlinkSync(`/proc/${server.child.pid}/fd/${fd}`))) open += 1;
    } catch {
      // Closed between listing and reading.
    }
  }
  return open;
}

function slopePerMinute(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return NaN;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  let numerator = 0;
  let denominator = 0;
  for (const [x, y] of points) {
    numerator += (x - meanX) * (y - meanY);
    denominator += (x - meanX) ** 2;
  }
  return Number(((numerator / denominator) * 60).toFixed(4));
}

let schema: string | null = null;
let admin: pg.Client | null = null;
const env: Record<string, string> = { LOG_LEVEL: 'warn', AUTH_SECRET_KEYS: 'soak-benchmark-secret-0123456789abcdef' };
if (DATABASE_URL) {
  schema = `soak_${randomBytes(5).toString('hex')}`;
  admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  Object.assign(env, { DATABASE_URL, SOAK_PG_SCHEMA: schema });
}
const server = await startBenchServer('bench/soak/soak-server.ts', env);
const origin = server.origin;
log(`soak: ${DURATION_S} s on ${DATABASE_URL ? 'postgres' : 'sqlite'} against ${origin}, sampling every ${SAMPLE_S} s, warm-up ${WARMUP_S} s`);

const usernames = Array.from({ length: 4 }, (_, index) => `soak_${randomBytes(3).toString('hex')}_${index}`);
for (const username of usernames) await json(origin, '/auth/v1/signup', { method: 'POST', body: JSON.stringify({ username, password: PASSWORD }) });

const startedAt = Date.now();
const deadline = startedAt + DURATION_S * 1000;
const samples: Sample[] = [];
const sampler = (async () => {
  while (Date.now() < deadline) {
    const text = await (await fetch(`${origin}/metrics`)).text();
    const sample: Sample = {
      atS: Math.round((Date.now() - startedAt) / 1000),
      rssMiB: Number((metric(text, 'process_resident_memory_bytes') / 2 ** 20).toFixed(1)),
      heapMiB: Number((metric(text, 'nodejs_heap_size_used_bytes') / 2 ** 20).toFixed(1)),
      openFds: metric(text, 'process_open_fds'),
      dbConnections: await dbConnections(server, admin, schema),
    };
    samples.push(sample);
    log(`  ${String(sample.atS).padStart(4)} s  rss ${sample.rssMiB} MiB  heap ${sample.heapMiB} MiB  fds ${sample.openFds}  db ${sample.dbConnections}  (${counts.requests} requests, ${counts.voiceCalls} calls, ${counts.failures} failures)`);
    await sleep(SAMPLE_S * 1000);
  }
})();

let next = 0;
await Promise.all([
  sampler,
  loop(deadline, 250, async () => {
    await call(origin, ['/', '/about', '/resources', '/privacy'][next++ % 4]!);
    await call(origin, '/api/resources?q=food');
  }),
  loop(deadline, 2_000, () => account(origin, usernames[next % usernames.length]!)),
  loop(deadline, 1_000, () => chat(origin, false)),
  loop(deadline, 1_000, () => chat(origin, true)),
  loop(deadline, 2_000, () => voiceCall(origin)),
  loop(deadline, 2_500, () => voiceCall(origin)),
]);

await server.stop();
if (admin && schema) {
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
}

const settled = samples.filter((sample) => sample.atS >= WARMUP_S);
const slope = (pick: (sample: Sample) => number) => slopePerMinute(settled.map((sample) => [sample.atS, pick(sample)]));
console.log(
  JSON.stringify({
    benchmark: 'soak',
    database: DATABASE_URL ? 'postgres' : 'sqlite',
    durationSeconds: DURATION_S,
    warmupSeconds: WARMUP_S,
    node: process.version,
    traffic: { ...counts, requestsPerSecond: Math.round(counts.requests / DURATION_S) },
    slopePerMinute: {
      rssMiB: slope((sample) => sample.rssMiB),
      heapMiB: slope((sample) => sample.heapMiB),
      openFds: slope((sample) => sample.openFds),
      dbConnections: slope((sample) => sample.dbConnections),
    },
    first: settled[0] ?? null,
    last: settled.at(-1) ?? null,
    samples: samples.length,
  }),
);
