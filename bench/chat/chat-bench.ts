/**
 * Chat benchmark (DESIGN §9): prints JSON with
 *  - first_byte_ms: time from sending a message to the first streamed byte, with the real assistant
 *    (safety layer, grounding, guide engine) and no pause between chunks, i.e. an instant provider,
 *    measured by a client on loopback (so it includes the user message's INSERT), p50/p95;
 *  - concurrent_streams: how many reply streams one process holds open at once without errors
 *    (target ≥ 2000), all answered once released.
 * Usage: node bench/chat/chat-bench.ts [--streams 2000] [--requests 1000]
 * Loopback only, SQLite in a temporary folder, at most ~2 minutes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../src/server/config/config.ts';
import { migrateToLatest, openDatabase } from '../../src/server/db/database.ts';
import { buildTestApp } from '../../src/server/testing/test-app.ts';
import { createAssistantFromConfig } from '../../src/server/assistant/setup.ts';
import { MAX_MESSAGES_PER_CONVERSATION } from '../../src/server/modules/chat/service.ts';
import { FakeAssistant, gate, replyThenWait } from '../../src/server/assistant/testing/fake-assistant.ts';
import { ServerSentEventParser } from '../../src/shared/chat-events.ts';
import type { ChatSessionResponse } from '../../src/shared/chat-api.ts';

const ULIMIT_FLAG = 'ELLIS_BENCH_ULIMIT_RAISED';
const TIME_LIMIT_MS = 120_000;

// Every stream needs two descriptors here (client and server end): raise the soft limit first.
if (!process.env[ULIMIT_FLAG]) {
  const result = spawnSync(
    'sh',
    ['-c', 'ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"', process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    { stdio: 'inherit', env: { ...process.env, [ULIMIT_FLAG]: '1' } },
  );
  process.exit(result.status ?? 1);
}

const { values } = parseArgs({ options: { streams: { type: 'string', default: '2000' }, requests: { type: 'string', default: '1000' } } });
const STREAMS = Number(values.streams);
const REQUESTS = Number(values.requests);
const WARMUP = 100;

const deadline = setTimeout(() => {
  console.log(JSON.stringify({ benchmark: 'chat', error: `did not finish within ${TIME_LIMIT_MS / 1000} s` }));
  process.exit(1);
}, TIME_LIMIT_MS);
deadline.unref();

const dir = mkdtempSync(join(tmpdir(), 'ellis-bench-chat-'));
const database = openDatabase({ url: `file:${join(dir, 'bench.db')}` });
await migrateToLatest(database);
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const ellis = createAssistantFromConfig(config, { llmProvider: null, guideChunkDelayMs: 0 });
const assistant = new FakeAssistant();
assistant.respond = (request) => ellis.reply(request);
const unlimited = { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 };
const { app } = await buildTestApp({
  database,
  assistant,
  chat: { rateLimits: { messagePerIp: unlimited, messagePerUser: unlimited, sessionPerIp: unlimited, testChatPerIp: unlimited } },
});
await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
const { port } = app.server.address() as AddressInfo;
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

function request(
  options: { method: string; path: string; headers?: Record<string, string>; body?: unknown; agent: http.Agent | false },
  onResponse: (response: http.IncomingMessage) => void,
  onError: (error: Error) => void,
): void {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const req = http.request(
    {
      host: '127.0.0.1',
      port,
      method: options.method,
      path: options.path,
      agent: options.agent,
      headers: { ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}), ...options.headers },
    },
    onResponse,
  );
  req.on('error', onError);
  req.end(body);
}

function newSession(): Promise<Extract<ChatSessionResponse, { token: string }>> {
  return new Promise((resolve, reject) => {
    request(
      { method: 'POST', path: '/api/chat/session', agent: keepAlive },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve(JSON.parse(text)));
      },
      reject,
    );
  });
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Number((sorted[index] ?? 0).toFixed(3));
}

// 1. Time to the first streamed byte, one message at a time.
// A conversation holds MAX_MESSAGES_PER_CONVERSATION messages (a user turn and its reply are two): start a new one before.
const TURNS_PER_CONVERSATION = Math.floor(MAX_MESSAGES_PER_CONVERSATION / 2) - 1;
let session = await newSession();
const firstByte: number[] = [];
for (let index = 0; index < WARMUP + REQUESTS; index += 1) {
  if (index > 0 && index % TURNS_PER_CONVERSATION === 0) session = await newSession();
  const elapsed = await new Promise<number>((resolve, reject) => {
    const started = performance.now();
    let measured = 0;
    request(
      {
        method: 'POST',
        path: `/api/chat/conversations/${session.conversation.id}/messages`,
        headers: { 'x-conversation-token': session.token },
        body: { content: `I got evicted and need a place to sleep tonight (${index})` },
        agent: keepAlive,
      },
      (response) => {
        if (response.statusCode !== 200) reject(new Error(`status ${response.statusCode}`));
        response.once('data', () => (measured = performance.now() - started));
        response.on('data', () => undefined);
        response.on('end', () => resolve(measured));
      },
      reject,
    );
  });
  if (index >= WARMUP) firstByte.push(elapsed);
}
firstByte.sort((a, b) => a - b);

// 2. Concurrent open streams: every reply waits on one gate, so all streams stay open together.
const sessions: Array<Extract<ChatSessionResponse, { token: string }>> = [];
for (let index = 0; index < STREAMS; index += 1) sessions.push(await newSession());
const hold = gate();
assistant.respond = replyThenWait([{ type: 'delta', text: 'Holding ' }], hold, { after: [{ type: 'delta', text: 'on.' }] });

let open = 0;
let completed = 0;
const errors: string[] = [];
let allOpen!: () => void;
const allOpenPromise = new Promise<void>((resolve) => (allOpen = resolve));
let allSettled!: () => void;
const allSettledPromise = new Promise<void>((resolve) => (allSettled = resolve));
let settled = 0;
const settle = () => {
  settled += 1;
  if (settled === STREAMS) allSettled();
};
const openStarted = performance.now();
function openStream(each: (typeof sessions)[number]): void {
  request(
    {
      method: 'POST',
      path: `/api/chat/conversations/${each.conversation.id}/messages`,
      headers: { 'x-conversation-token': each.token },
      body: { content: 'hello' },
      agent: false,
    },
    (response) => {
      if (response.statusCode !== 200) {
        errors.push(`status ${response.statusCode}`);
        response.resume();
        settle();
        if (open + errors.length === STREAMS) allOpen();
        return;
      }
      const parser = new ServerSentEventParser();
      let counted = false;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        for (const event of parser.push(chunk)) {
          if (event.event === 'delta' && !counted) {
            counted = true;
            open += 1;
            if (open + errors.length === STREAMS) allOpen();
          }
          if (event.event === 'done') completed += 1;
          if (event.event === 'error') errors.push(`event ${event.data.code}`);
        }
      });
      response.on('end', settle);
      response.on('error', (error) => {
        errors.push(error.message);
        settle();
      });
    },
    (error) => {
      errors.push(error.message);
      settle();
      if (open + errors.length === STREAMS) allOpen();
    },
  );
}
// Clients arrive in waves of BATCH (a connect storm of thousands in one tick only measures the
// kernel's accept queue); each wave waits until the previous one is streaming.
const BATCH = 250;
for (let start = 0; start < sessions.length; start += BATCH) {
  const target = Math.min(sessions.length, start + BATCH);
  for (const each of sessions.slice(start, target)) openStream(each);
  const waveDeadline = Date.now() + 20_000;
  while (open + errors.length < target && Date.now() < waveDeadline) await new Promise((resolve) => setTimeout(resolve, 5));
}
await Promise.race([allOpenPromise, new Promise((resolve) => setTimeout(resolve, 60_000))]);
const openMs = performance.now() - openStarted;
const heldOpen = open;
hold.open();
await Promise.race([allSettledPromise, new Promise((resolve) => setTimeout(resolve, 30_000))]);

console.log(
  JSON.stringify(
    {
      benchmark: 'chat',
      first_byte_ms: { requests: firstByte.length, p50: percentile(firstByte, 50), p95: percentile(firstByte, 95), budget_p95: 25 },
      concurrent_streams: {
        target: STREAMS,
        open_at_once: heldOpen,
        completed_after_release: completed,
        errors: errors.length,
        first_errors: errors.slice(0, 5),
        time_to_open_all_ms: Math.round(openMs),
      },
      node: process.version,
      load_average_1m: Number(loadavg()[0]!.toFixed(2)),
      database: 'sqlite',
    },
    // One line: bench/run.ts reads the last line of stdout as the result.
  ),
);

keepAlive.destroy();
await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
process.exit(errors.length === 0 && heldOpen === STREAMS ? 0 : 1);
