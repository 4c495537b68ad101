// Faults: a database that is unreachable at start stops the process with a clear message and
// a non-zero exit; a PostgreSQL connection lost in the middle of a request (through a TCP proxy this
// test starts and cuts) answers 503 with a clear message, and the same process recovers on its own;
// a SQLite file locked by another process does the same for writes.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import SQLite from 'better-sqlite3';
import { buildTestApp } from '../testing/test-app.ts';
import { openDatabase, migrateToLatest, type Database } from '../db/database.ts';
import type { FastifyInstance } from 'fastify';
import { FAST_HASHING, PASSWORD, bearer, uniqueUsername } from '../modules/auth/testing/accounts-kit.ts';
import { openScratchSqlite } from '../db/testing/test-databases.ts';

function runMain(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['src/server/main.ts'], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'warn', AUTH_SECRET_KEYS: 'fault-test-secret-0123456789abcdef', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, output });
    });
  });
}

describe('a database that is not there at start', () => {
  it.each([
    ['PostgreSQL nobody listens on', 'postgres://ellis:Hidden-Pass-42@127.0.0.1:1/ellis'],
    ['PostgreSQL on a host that does not resolve', 'postgres://ellis:Hidden-Pass-42@db.invalid:5432/ellis'],
    ['a SQLite file under a file, not a folder', 'file:{notAFolder}/ellis.db'],
  ])('%s: one clear message, exit code 1, no password in the output', { timeout: 30_000 }, async (_name, url) => {
    const dir = mkdtempSync(join(tmpdir(), 'ellis-fault-'));
    const notAFolder = join(dir, 'plain-file');
    writeFileSync(notAFolder, 'not a folder');
    const { code, output } = await runMain({ DATABASE_URL: url.replace('{notAFolder}', notAFolder) });
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(output).toContain('Ellis cannot start: the database at DATABASE_URL is not usable');
    expect(output).toContain('Check that the database server is running and that DATABASE_URL is right, then start again.');
    expect(output).not.toContain('Hidden-Pass-42');
    expect(output).not.toMatch(/\n\s+at /);
  });
});

/** A TCP proxy in front of PostgreSQL that the test can hold, cut and restore. */
class CuttableProxy {
  readonly #target: { host: string; port: number };
  #server: Server | null = null;
  #sockets = new Set<Socket>();
  #holding = false;
  port = 0;

  constructor(target: { host: string; port: number }) {
    this.#target = target;
  }

  async listen(port = 0): Promise<void> {
    this.#server = createServer((client) => {
      const upstream = connect(this.#target.port, this.#target.host);
      this.#sockets.add(client).add(upstream);
      client.on('data', (chunk) => {
        // While held, queries go nowhere: the request is in the middle of its database work.
        if (!this.#holding) upstream.write(chunk);
      });
      upstream.on('data', (chunk) => client.write(chunk));
      const close = () => {
        client.destroy();
        upstream.destroy();
        this.#sockets.delete(client);
        this.#sockets.delete(upstream);
      };
      client.on('close', close).on('error', close);
      upstream.on('close', close).on('error', close);
    });
    await new Promise<void>((resolve) => this.#server!.listen(port, '127.0.0.1', resolve));
    const address = this.#server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  hold(): void {
    this.#holding = true;
  }

  /** Drops every connection and stops listening: the database is gone. */
  async cut(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
    this.#server = null;
    this.#holding = false;
  }

  async restore(): Promise<void> {
    await this.listen(this.port);
  }
}

const postgresUrl = process.env.TEST_DATABASE_URL;

// Registered only with PostgreSQL available; without it, the test below says why nothing ran.
if (postgresUrl) describe('PostgreSQL lost in the middle of requests', () => {
  let proxy: CuttableProxy;
  let database: Database;
  let app: FastifyInstance;
  let schema: string;
  let accessToken: string;

  beforeAll(async () => {
    const target = new URL(postgresUrl!);
    proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.listen();
    schema = `test_fault_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const proxied = new URL(postgresUrl!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    // Named, so pg_terminate_backend below ends this app's connections and nobody else's.
    proxied.searchParams.set('application_name', schema);
    database = openDatabase({ url: proxied.toString(), schema, poolSize: 4, onConnectionError: () => {} });
    await migrateToLatest(database);
    ({ app } = await buildTestApp({ database, accounts: { passwordHashing: FAST_HASHING } }));
    const signUp = await app.inject({ method: 'POST', url: '/auth/v1/signup', payload: { username: uniqueUsername('fault'), password: PASSWORD } });
    accessToken = signUp.json().access_token;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await proxy.cut();
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  });

  const listBookmarks = () => app.inject({ method: 'GET', url: '/api/bookmarks', headers: bearer(accessToken) });

  function expect503(response: Awaited<ReturnType<typeof listBookmarks>>) {
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    const body = response.json();
    expect(body).toEqual({
      code: 'service_unavailable',
      message: 'Ellis cannot reach its database right now. Please try again in a minute.',
      requestId: expect.any(String),
    });
  }

  it('answers 503 with a clear message, then recovers without a restart', { timeout: 60_000 }, async () => {
    expect((await listBookmarks()).statusCode).toBe(200);

    // Cut while a request waits on its query.
    proxy.hold();
    const inFlight = app.inject({ method: 'POST', url: '/api/bookmarks', headers: bearer(accessToken), payload: { title: 'Mid-request' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await proxy.cut();
    expect503(await inFlight);

    // While it is gone: every database route says so, readiness too, liveness stays up.
    expect503(await listBookmarks());
    const signIn = await app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { username: 'someone', password: PASSWORD } });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.json()).toMatchObject({ code: 503, error_code: 'service_unavailable' });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    // Back: the same process serves again, and the interrupted write either happened once or not at all.
    await proxy.restore();
    let recovered = await listBookmarks();
    for (let attempt = 0; attempt < 20 && recovered.statusCode !== 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      recovered = await listBookmarks();
    }
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json().filter((row: { title: string }) => row.title === 'Mid-request').length).toBeLessThanOrEqual(1);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const created = await app.inject({ method: 'POST', url: '/api/bookmarks', headers: bearer(accessToken), payload: { title: 'After' } });
    expect(created.statusCode).toBe(201);
  });

  it('survives the database ending its connections (pg_terminate_backend)', { timeout: 30_000 }, async () => {
    expect((await listBookmarks()).statusCode).toBe(200);
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    const ended = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
      [schema],
    );
    await admin.end();
    expect(ended.rowCount).toBeGreaterThan(0);
    // Idle pool clients were killed: the next requests get 503 or, once the pool reconnects, 200 — never 500.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) statuses.push((await listBookmarks()).statusCode);
    expect(statuses.every((status) => status === 200 || status === 503), statuses.join(',')).toBe(true);
    expect(statuses.at(-1)).toBe(200);
  });
});

describe('SQLite locked by another process', () => {
  let database: Awaited<ReturnType<typeof openScratchSqlite>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openScratchSqlite();
    ({ app } = await buildTestApp({ database, accounts: { passwordHashing: FAST_HASHING } }));
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('a write that cannot get the lock answers 503 (after the busy timeout), then works once the lock is gone', { timeout: 30_000 }, async () => {
    const signUp = await app.inject({ method: 'POST', url: '/auth/v1/signup', payload: { username: uniqueUsername('locked'), password: PASSWORD } });
    const headers = bearer(signUp.json().access_token);
    // Another process (a backup tool, a second server on the same file) holds the write lock.
    const other = new SQLite(database.file);
    other.exec('begin immediate');
    try {
      const refused = await app.inject({ method: 'POST', url: '/api/bookmarks', headers, payload: { title: 'Waiting' } });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        code: 'service_unavailable',
        message: 'Ellis cannot reach its database right now. Please try again in a minute.',
        requestId: expect.any(String),
      });
      // Reads still work while a writer holds the lock (WAL).
      expect((await app.inject({ method: 'GET', url: '/api/bookmarks', headers })).statusCode).toBe(200);
    } finally {
      other.exec('rollback');
      other.close();
    }
    const created = await app.inject({ method: 'POST', url: '/api/bookmarks', headers, payload: { title: 'Now' } });
    expect(created.statusCode).toBe(201);
  });
});

if (!postgresUrl) describe('PostgreSQL faults', () => {
  it('need TEST_DATABASE_URL (reason printed)', () => {
    console.log('not run: the PostgreSQL fault tests need TEST_DATABASE_URL (CI sets it)');
  });
});
