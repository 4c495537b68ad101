import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import type { DatabaseSchema } from './schema.ts';
import { initialMigration } from './migrations/0001-initial.ts';
import { sessionAal2TimeMigration } from './migrations/0002-session-aal2-time.ts';
import { orderedListIndexesMigration } from './migrations/0003-ordered-list-indexes.ts';
import { conversationRiskMigration } from './migrations/0004-conversation-risk.ts';
import { directoryMigration } from './migrations/0005-directory.ts';
import { withStatementCache } from './sqlite-statement-cache.ts';

export type DatabaseDialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DatabaseSchema>;
  dialect: DatabaseDialect;
  /** PostgreSQL only: the schema the tables live in, when not the default. */
  schema?: string;
  /** Cheap round trip used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const TIMESTAMPTZ_OID = 1184;
// Rows carry ISO strings on both databases, so services never see a Date from one and a string from the other.
pg.types.setTypeParser(TIMESTAMPTZ_OID, (value) => new Date(value).toISOString());

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

export function sqliteFilePath(url: string): string {
  return url.replace(/^file:/, '');
}

export interface OpenDatabaseOptions {
  url: string;
  /** PostgreSQL only: schema to create and use (tests isolate themselves this way). */
  schema?: string;
  poolSize?: number;
  /** Called when an idle PostgreSQL client loses its connection (the pool reconnects on next use). */
  onConnectionError?: (error: Error) => void;
}

export function openDatabase({ url, schema, poolSize = 10, onConnectionError }: OpenDatabaseOptions): Database {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      connectionTimeoutMillis: 5_000,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // A client whose connection drops emits 'error'. The pool listens only while a client is idle; a
    // client checked out by a request (its query fails on its own) would crash the process without
    // this listener. Every client gets one, so the pool's own event needs no second report.
    pool.on('connect', (client) => client.on('error', (error) => onConnectionError?.(error)));
    pool.on('error', () => {});
    const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      ...(schema ? { schema } : {}),
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      close: () => db.destroy(),
    };
  }

  const path = sqliteFilePath(url);
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

export async function migrateToLatest(database: Database): Promise<void> {
  const migrations: Record<string, Migration> = {
    '0001-initial': initialMigration(database.dialect),
    '0002-session-aal2-time': sessionAal2TimeMigration(database.dialect),
    '0003-ordered-list-indexes': orderedListIndexesMigration(),
    '0004-conversation-risk': conversationRiskMigration(),
    '0005-directory': directoryMigration(database.dialect),
  };
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
    // Without it Kysely takes a migration table in ANY schema for its own: suites migrating their
    // own schemas side by side saw each other's lock table and failed ("kysely_migration_lock does not exist").
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
