// The backup and restore scripts of docs/deploy.md, run as an operator would: a live database with
// an account, a bookmark and a conversation; a backup; a restore into a scratch place; the same rows.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../src/server/testing/test-app.ts';
import { migrateToLatest, openDatabase } from '../src/server/db/database.ts';
import { openScratchSqlite } from '../src/server/db/testing/test-databases.ts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? null;
const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;
if (!DATABASE_URL || !hasPgDump) console.log('backup and restore on postgres: skipped, needs TEST_DATABASE_URL and pg_dump');

function runScript(script: string, args: string[], env: Record<string, string>): Record<string, unknown> {
  const output = execFileSync(process.execPath, [script, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
  return JSON.parse(output.trim().split('\n').at(-1)!);
}

async function seed(app: FastifyInstance): Promise<void> {
  const signUp = await app.inject({ method: 'POST', url: '/auth/v1/signup', payload: { username: 'backup_check', password: 'Backup-Check-Passphrase-9' } });
  const token = signUp.json().access_token;
  await app.inject({ method: 'POST', url: '/api/bookmarks', headers: { authorization: `Bearer ${token}` }, payload: { title: 'Food bank' } });
  await app.inject({ method: 'POST', url: '/api/chat/session', headers: { authorization: `Bearer ${token}` } });
}

describe('backup and restore on sqlite', () => {
  let database: Awaited<ReturnType<typeof openScratchSqlite>>;
  beforeAll(async () => {
    database = await openScratchSqlite();
    const { app } = await buildTestApp({ database });
    await seed(app);
    await app.close();
  });
  afterAll(() => database.drop());

  it('VACUUM INTO while the database is open, then restores with every row', () => {
    const backup = join(dirname(database.file), 'backup.db');
    expect(runScript('scripts/backup.ts', [backup], { DATABASE_URL: `file:${database.file}` })).toMatchObject({ from: 'sqlite' });
    const restored = runScript('scripts/restore-check.ts', [backup], { DATABASE_URL: '' });
    expect(restored).toMatchObject({ ok: true, tables: { users: 1, user_profiles: 1, bookmarks: 1, conversations: 1, messages: 1 } });
    // A backup is never overwritten.
    expect(spawnSync(process.execPath, ['scripts/backup.ts', backup], { env: { ...process.env, DATABASE_URL: `file:${database.file}` } }).status).toBe(1);
  });
});

describe.skipIf(!DATABASE_URL || !hasPgDump)('backup and restore on postgres', () => {
  // A database of its own: pg_dump takes a whole database, and the test one holds other suites' schemas.
  const name = `ellis_backup_test_${Date.now().toString(36)}`;
  let dir: string;
  let url: string;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: DATABASE_URL! });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ellis-backup-test-'));
    await admin(`create database ${name}`);
    const own = new URL(DATABASE_URL!);
    own.pathname = `/${name}`;
    url = own.toString();
    const database = openDatabase({ url, poolSize: 2 });
    await migrateToLatest(database);
    const { app } = await buildTestApp({ database });
    await seed(app);
    await app.close();
    await database.close();
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await admin(`drop database if exists ${name}`);
  });

  it('pg_dump, then pg_restore into a scratch database with every row', () => {
    const backup = join(dir, 'backup.dump');
    expect(runScript('scripts/backup.ts', [backup], { DATABASE_URL: url })).toMatchObject({ from: 'postgres' });
    const restored = runScript('scripts/restore-check.ts', [backup], { DATABASE_URL: url });
    expect(restored).toMatchObject({ ok: true, tables: { users: 1, bookmarks: 1, conversations: 1, messages: 1 } });
  });
});
