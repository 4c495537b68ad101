import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, migrateToLatest, type Database, type DatabaseDialect } from '../database.ts';

/**
 * For tests: the databases a data-layer or route suite runs against. SQLite always; PostgreSQL too
 * when TEST_DATABASE_URL is set. Each opened database is isolated (its own file, or its own schema).
 */
export interface TestDatabaseTarget {
  dialect: DatabaseDialect;
  open(): Promise<Database & { drop(): Promise<void> }>;
}

export function testDatabaseTargets(): TestDatabaseTarget[] {
  const targets: TestDatabaseTarget[] = [{ dialect: 'sqlite', open: openScratchSqlite }];
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) targets.push({ dialect: 'postgres', open: () => openPostgres(postgresUrl) });
  return targets;
}

/**
 * A migrated SQLite database in a file of its own, in a scratch folder that `drop` removes; `file` is
 * its path, for suites that reach the file from outside (another process, a backup script).
 */
export async function openScratchSqlite(): Promise<Database & { file: string; drop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'ellis-test-'));
  const file = join(dir, 'test.db');
  const database = openDatabase({ url: `file:${file}` });
  await migrateToLatest(database);
  return {
    ...database,
    file,
    drop: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function openPostgres(url: string) {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = openDatabase({ url, schema, poolSize: 4 });
  await migrateToLatest(database);
  return {
    ...database,
    drop: async () => {
      await database.close();
      const cleaner = new pg.Client({ connectionString: url });
      await cleaner.connect();
      await cleaner.query(`drop schema ${schema} cascade`);
      await cleaner.end();
    },
  };
}
