// Scale-out on real engines (DESIGN §2): two app processes (the real entry, main.ts) on
// PostgreSQL and Redis behind Debian's nginx, started by the test as children on free loopback ports.
// Shows: a sign-in on one instance refreshed on the other; a limit counted across both; a chat
// streamed by one read from the other; one instance killed mid-stream while the other keeps serving;
// and no message acknowledged by either lost. Needs TEST_DATABASE_URL, Redis (TEST_REDIS_URL or
// 127.0.0.1:6379) and /usr/sbin/nginx; says which is missing otherwise.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from '../testing/free-port.ts';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerSentEventParser, type ChatStreamEvent } from '../../shared/chat-events.ts';

const NGINX = '/usr/sbin/nginx';
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? null;
// A database number of its own, so these instances' counters meet no one else's.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/9';
const PASSWORD = 'Scale-Out-Passphrase-2026';

async function redisReachable(): Promise<boolean> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1_000 });
  try {
    await client.connect();
    // Counters of an earlier run would count against this one.
    await client.flushdb();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

const missing = [
  DATABASE_URL ? null : 'TEST_DATABASE_URL (PostgreSQL)',
  existsSync(NGINX) ? null : NGINX,
  existsSync(resolve('dist/client/index.html')) ? null : 'the web app build (npm run build)',
  (await redisReachable()) ? null : `Redis at ${REDIS_URL}`,
].filter((item): item is string => item !== null);
if (missing.length > 0) console.log(`two instances behind nginx: skipped, missing ${missing.join(', ')}`);

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
const exited = (child: ChildProcess) => (running(child) ? new Promise((done) => child.once('exit', done)) : Promise.resolve());

async function waitUntilUp(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited with ${child.exitCode ?? child.signalCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`${what} did not come up`);
}

interface Instance {
  name: string;
  origin: string;
  child: ChildProcess;
}

describe.skipIf(missing.length > 0)('two instances on PostgreSQL and Redis behind nginx', () => {
  // A database of its own: main.ts migrates the public schema, as in production.
  const databaseName = `ellis_scale_${randomBytes(5).toString('hex')}`;
  const children: ChildProcess[] = [];
  let dir: string;
  let proxy: string;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: DATABASE_URL! });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    dir = mkdtempSync(join(tmpdir(), 'ellis-scale-out-'));
    const proxyPort = await freePort();
    proxy = `http://127.0.0.1:${proxyPort}`;
    const url = new URL(DATABASE_URL!);
    url.pathname = `/${databaseName}`;

    const startInstance = async (name: string): Promise<Instance> => {
      const port = await freePort();
      const child = spawn(process.execPath, ['src/server/main.ts'], {
        cwd: resolve('.'),
        env: {
          ...process.env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: proxy,
          DATABASE_URL: url.toString(),
          REDIS_URL,
          TRUST_PROXY: 'true',
          AUTH_SECRET_KEYS: 'scale-out-test-secret-0123456789abcdef0123',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      const origin = `http://127.0.0.1:${port}`;
      await waitUntilUp(`${origin}/readyz`, child, name);
      return { name, origin, child };
    };
    // One after the other: both would run the migrations at once otherwise.
    a = await startInstance('instance a');
    b = await startInstance('instance b');

    mkdirSync(join(dir, 'logs'));
    writeFileSync(
      join(dir, 'nginx.conf'),
      `
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
worker_processes 1;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream ellis {
    server ${a.origin.slice('http://'.length)} max_fails=1 fail_timeout=30s;
    server ${b.origin.slice('http://'.length)} max_fails=1 fail_timeout=30s;
  }
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  server {
    listen 127.0.0.1:${proxyPort};
    location / {
      proxy_pass http://ellis;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_buffering off;
      proxy_read_timeout 60s;
      proxy_next_upstream error timeout http_502;
    }
  }
}
`,
    );
    const nginx = spawn(NGINX, ['-p', dir, '-e', join(dir, 'logs', 'error.log'), '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(nginx);
    await waitUntilUp(`${proxy}/healthz`, nginx, 'nginx');
  }, 90_000);

  afterAll(async () => {
    for (const child of children) if (running(child)) child.kill('SIGTERM');
    await Promise.all(children.map(exited));
    rmSync(dir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: DATABASE_URL! });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName}`);
    await admin.end();
  });

  const post = (origin: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  async function stream(origin: string, conversationId: string, token: string, content: string, onEvent: (event: ChatStreamEvent) => void = () => {}): Promise<ChatStreamEvent[]> {
    const response = await post(origin, `/api/chat/conversations/${conversationId}/messages`, { content }, { 'x-conversation-token': token });
    expect(response.status).toBe(200);
    const events: ChatStreamEvent[] = [];
    const parser = new ServerSentEventParser();
    const reader = response.body!.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const event of parser.push(new TextDecoder().decode(value))) {
          events.push(event);
          onEvent(event);
        }
      }
    } catch {
      // The instance went away mid-reply: what arrived is what there is.
    }
    return events;
  }

  it('a session signed in on one instance is refreshed on the other', async () => {
    const username = `scale_${randomBytes(3).toString('hex')}`;
    const signUp = await post(a.origin, '/auth/v1/signup', { username, password: PASSWORD });
    expect(signUp.status).toBe(200);
    const signIn = await post(a.origin, '/auth/v1/token?grant_type=password', { username, password: PASSWORD });
    expect(signIn.status).toBe(200);
    const refreshed = await post(b.origin, '/auth/v1/token?grant_type=refresh_token', { refresh_token: (await signIn.json()).refresh_token });
    expect(refreshed.status).toBe(200);
    const session = await refreshed.json();
    const user = await fetch(`${a.origin}/auth/v1/user`, { headers: { authorization: `Bearer ${session.access_token}` } });
    expect((await user.json()).user_metadata.username).toBe(username);
  });

  it('a limit counts across both instances: a spray from one address stops after 10 usernames, whichever instance it reaches', async () => {
    const from = { 'x-forwarded-for': '198.51.100.23' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 14; attempt++) {
      const instance = attempt % 2 === 0 ? a : b;
      const response = await post(instance.origin, '/auth/v1/token?grant_type=password', { username: `nobody_${attempt}`, password: 'Welcome2026now' }, from);
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(10).fill(400), ...Array(4).fill(429)]);
  });

  it('a chat streamed by one instance is read from the other', async () => {
    const session = await (await post(a.origin, '/api/chat/session', {})).json();
    const events = await stream(a.origin, session.conversation.id, session.token, 'I need a place to sleep tonight');
    const done = events.find((event) => event.event === 'done');
    expect(done).toBeDefined();
    const read = await fetch(`${b.origin}/api/chat/conversations/${session.conversation.id}/messages`, { headers: { 'x-conversation-token': session.token } });
    expect(read.status).toBe(200);
    const messages: Array<{ id: string; sender: string; content: string }> = await read.json();
    expect(messages.map((message) => message.sender)).toEqual(['ai', 'user', 'ai']);
    expect(messages[1]!.content).toBe('I need a place to sleep tonight');
  });

  it('one instance killed mid-stream: the other keeps serving, and no acknowledged message is lost', { timeout: 60_000 }, async () => {
    const session = await (await post(proxy, '/api/chat/session', {})).json();
    const acknowledged: string[] = [];
    // Messages through nginx land on both instances in turn; each `user` event is the acknowledgement.
    for (let index = 0; index < 4; index++) {
      const events = await stream(proxy, session.conversation.id, session.token, `Message ${index} before the crash`);
      const user = events.find((event) => event.event === 'user');
      if (user?.event === 'user') acknowledged.push(user.data.message.id);
    }
    expect(acknowledged).toHaveLength(4);

    // A stream on instance a, killed (SIGKILL, no goodbye) as soon as its message is acknowledged.
    const cut = await stream(a.origin, session.conversation.id, session.token, 'The message during the crash', (event) => {
      if (event.event === 'user') {
        acknowledged.push(event.data.message.id);
        a.child.kill('SIGKILL');
      }
    });
    expect(cut.some((event) => event.event === 'user')).toBe(true);
    await exited(a.child);

    // nginx moves on to instance b: every request through it is answered.
    for (let index = 0; index < 10; index++) {
      const health = await fetch(`${proxy}/healthz`);
      expect(health.status).toBe(200);
    }
    const after = await stream(proxy, session.conversation.id, session.token, 'A message after the crash');
    const user = after.find((event) => event.event === 'user');
    expect(user?.event).toBe('user');
    if (user?.event === 'user') acknowledged.push(user.data.message.id);
    expect(after.some((event) => event.event === 'done')).toBe(true);

    const read = await fetch(`${proxy}/api/chat/conversations/${session.conversation.id}/messages`, { headers: { 'x-conversation-token': session.token } });
    const ids = new Set(((await read.json()) as Array<{ id: string }>).map((message) => message.id));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    expect(acknowledged).toHaveLength(6);
  });
});
