// Restores a backup made by scripts/backup.ts somewhere disposable and checks it (docs/deploy.md):
// the restore succeeds, the schema migrates to this version, and every table can be read. Prints
// one JSON line with the row count of each table; exits non-zero when anything fails.
//
//   node scripts/restore-check.ts backups/ellis-2026-11-23.db
//   DATABASE_URL=postgres://postgres@127.0.0.1/postgres node scripts/restore-check.ts backups/ellis.dump
// For a PostgreSQL dump, DATABASE_URL names a server where a scratch database may be created and dropped.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import Sqlite from 'better-sqlite3';
import { sql } from 'kysely';
import { isPostgresUrl, migrateToLatest, openDatabase, type Database } from '../src/server/db/database.ts';

const TABLES = ['users', 'user_profiles', 'sessions', 'bookmarks', 'conversations', 'messages', 'public_conversations', 'public_messages', 'mfa_factors'] as const;

const backup = process.argv[2];
if (!backup) {
  console.error('usage: node scripts/restore-check.ts <backup file>');
  process.exit(2);
}

async function counts(database: Database): Promise<Record<string, number>> {
  await migrateToLatest(database);
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(database.db);
    result[table] = Number(row.rows[0]!.n);
  }
  return result;
}

const isDump = !backup.endsWith('.db') && isPostgresUrl(process.env.DATABASE_URL ?? '');
let tables: Record<string, number>;
if (isDump) {
  const server = new URL(process.env.DATABASE_URL!);
  const scratch = `ellis_restore_check_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query(`create database ${scratch}`);
  const scratchUrl = new URL(server);
  scratchUrl.pathname = `/${scratch}`;
  try {
    const restored = spawnSync('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', scratchUrl.toString(), backup], { stdio: ['ignore', 'inherit', 'inherit'] });
    if (restored.status !== 0) throw new Error('pg_restore failed');
    const database = openDatabase({ url: scratchUrl.toString(), poolSize: 1 });
    try {
      tables = await counts(database);
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`drop database if exists ${scratch}`);
    await admin.end();
  }
} else {
  // Restoring a SQLite backup is copying the file into place; here, into a scratch folder.
  const dir = mkdtempSync(join(tmpdir(), 'ellis-restore-check-'));
  try {
    const file = join(dir, 'ellis.db');
    copyFileSync(backup, file);
    const raw = new Sqlite(file);
    const integrity = raw.pragma('integrity_check', { simple: true });
    raw.close();
    if (integrity !== 'ok') throw new Error(`integrity check: ${String(integrity)}`);
    const database = openDatabase({ url: `file:${file}` });
    try {
      tables = await counts(database);
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(JSON.stringify({ restored: backup, ok: true, tables }));
