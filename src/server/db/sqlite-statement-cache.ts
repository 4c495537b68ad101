import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Enough for every query shape the app has; `in (…)` lists of many lengths evict the oldest. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew; preparing cost ~6 % of the server's CPU time
 * on the bookmark list (docs/performance.md). better-sqlite3 statements are reusable, and Kysely
 * runs one query at a time on its single connection, so a statement is never used twice at once.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: (sql) => {
      let statement = statements.get(sql);
      if (statement) {
        // Most recently used last, so the first key is the one to evict.
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= size) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
