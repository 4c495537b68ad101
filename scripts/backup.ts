// Backs up the database DATABASE_URL names into one file (docs/deploy.md):
//   SQLite     VACUUM INTO: a consistent, compacted copy, taken while the server runs.
//   PostgreSQL pg_dump --format=custom (needs the pg_dump of the server's major version).
//
//   DATABASE_URL=file:./data/ellis.db node scripts/backup.ts backups/ellis-2026-11-23.db
//   DATABASE_URL=postgres://ellis@127.0.0.1/ellis node scripts/backup.ts backups/ellis-2026-11-23.dump
// Check every backup with scripts/restore-check.ts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import Sqlite from 'better-sqlite3';
import { isPostgresUrl, sqliteFilePath } from '../src/server/db/database.ts';

const target = process.argv[2];
const url = process.env.DATABASE_URL ?? 'file:./data/ellis.db';
if (!target) {
  console.error('usage: node scripts/backup.ts <backup file>   (reads DATABASE_URL)');
  process.exit(2);
}
if (existsSync(target)) {
  console.error(`${target} exists already: backups are never overwritten.`);
  process.exit(1);
}

if (isPostgresUrl(url)) {
  const result = spawnSync('pg_dump', ['--format=custom', '--no-owner', '--file', target, url], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) {
    console.error('pg_dump failed (is it installed, and of the server\'s major version?)');
    process.exit(1);
  }
} else {
  const database = new Sqlite(sqliteFilePath(url), { readonly: true, fileMustExist: true });
  try {
    database.prepare('VACUUM INTO ?').run(resolve(target));
  } finally {
    database.close();
  }
}
console.log(JSON.stringify({ backup: resolve(target), from: isPostgresUrl(url) ? 'postgres' : 'sqlite' }));
