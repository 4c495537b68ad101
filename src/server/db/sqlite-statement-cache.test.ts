import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statement-cache.ts';

describe('SQLite statement cache', () => {
  const opened: SQLite.Database[] = [];
  afterEach(() => {
    for (const database of opened.splice(0)) if (database.open) database.close();
  });
  const open = () => {
    const database = new SQLite(':memory:');
    opened.push(database);
    return database;
  };

  it('prepares each SQL text once and evicts the least recently used beyond its size', () => {
    const sqlite = open();
    const cached = withStatementCache(sqlite, 2);
    const first = cached.prepare('select 1');
    expect(cached.prepare('select 1')).toBe(first);
    const second = cached.prepare('select 2');
    cached.prepare('select 1');
    cached.prepare('select 3');
    expect(cached.prepare('select 1')).toBe(first);
    expect(cached.prepare('select 2')).not.toBe(second);
  });

  it('gives Kysely correct results for repeated reads and writes', async () => {
    const sqlite = open();
    const db = new Kysely<{ notes: { id: Generated<number>; body: string } }>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    for (const body of ['a', 'b', 'c']) await db.insertInto('notes').values({ body }).execute();
    const read = () => db.selectFrom('notes').select(['id', 'body']).where('id', '>', 1).orderBy('id').execute();
    expect(await read()).toEqual([{ id: 2, body: 'b' }, { id: 3, body: 'c' }]);
    await db.updateTable('notes').set({ body: 'B' }).where('id', '=', 2).execute();
    expect(await read()).toEqual([{ id: 2, body: 'B' }, { id: 3, body: 'c' }]);
    await db.destroy();
    expect(sqlite.open).toBe(false);
  });
});
