// Faults (DESIGN §1 "nothing acknowledged is lost"): a real server process streams a chat
// reply and is killed with SIGKILL right after it acknowledged the user's message (the `user` event);
// a restarted process on the same database still has that message. SQLite always; PostgreSQL when
// TEST_DATABASE_URL is set (in a database of its own, dropped afterwards).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../testing/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';

interface Server {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function startServer(env: Record<string, string>, url: string): Promise<Server> {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', LLM_PROVIDER: 'guide', AUTH_SECRET_KEYS: 'crash-test-secret-0123456789abcdef', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (gone) throw new Error(`the server exited before it was ready:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready after 45 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return { child, output: () => output, exited };
}

/** Posts a message and resolves once the stream has acknowledged it (the `user` event), keeping the stream open. */
async function sendUntilAcknowledged(url: string, conversationId: string, token: string, content: string): Promise<{ acknowledged: unknown }> {
  const response = await fetch(`${url}/api/chat/conversations/${conversationId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-conversation-token': token },
    body: JSON.stringify({ content }),
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended without a user event: ${text}`);
    text += decoder.decode(value, { stream: true });
    const match = /event: user\ndata: (.+)\n\n/.exec(text);
    if (match) {
      // The reader is left as it is: the process is about to die under it.
      void reader.cancel().catch(() => undefined);
      return { acknowledged: JSON.parse(match[1]!) };
    }
  }
}

interface Target {
  dialect: 'sqlite' | 'postgres';
  databaseUrl(): Promise<string>;
  cleanUp(): Promise<void>;
}

const targets: Target[] = [];
{
  let dir = '';
  targets.push({
    dialect: 'sqlite',
    databaseUrl: async () => {
      dir = mkdtempSync(join(tmpdir(), 'ellis-crash-'));
      return `file:${join(dir, 'ellis.db')}`;
    },
    cleanUp: async () => rmSync(dir, { recursive: true, force: true }),
  });
}
const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  const name = `ellis_crash_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  targets.push({
    dialect: 'postgres',
    databaseUrl: async () => {
      await admin(`create database ${name}`);
      const url = new URL(postgresUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    cleanUp: () => admin(`drop database if exists ${name} with (force)`),
  });
}

for (const target of targets) {
  describe(`SIGKILL in the middle of a chat stream, ${target.dialect}`, () => {
    let env: Record<string, string>;
    let url: string;
    let server: Server | null = null;

    beforeAll(async () => {
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      env = { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATABASE_URL: await target.databaseUrl() };
    });
    afterAll(async () => {
      if (server && server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      await target.cleanUp();
    });

    it('keeps every acknowledged message across a kill and a restart', { timeout: 120_000 }, async () => {
      server = await startServer(env, url);
      const session = await (await fetch(`${url}/api/chat/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json();
      const { id } = session.conversation as { id: string };
      const token = session.token as string;

      const first = 'I lost my apartment today and need a bed tonight';
      const { acknowledged } = await sendUntilAcknowledged(url, id, token, first);
      expect(acknowledged).toMatchObject({ message: { content: first } });
      server.child.kill('SIGKILL');
      expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });

      server = await startServer(env, url);
      const messages = await fetch(`${url}/api/chat/conversations/${id}/messages`, { headers: { 'x-conversation-token': token } });
      expect(messages.status).toBe(200);
      const body = await messages.json();
      const list = (Array.isArray(body) ? body : body.messages) as Array<{ content: string; sender?: string; role?: string }>;
      expect(list.map((message) => message.content)).toContain(first);
      // The restarted process serves the same conversation on: another message is acknowledged too.
      const second = 'Are there shelters near Market Street?';
      const again = await sendUntilAcknowledged(url, id, token, second);
      expect(again.acknowledged).toMatchObject({ message: { content: second } });
    });
  });
}
