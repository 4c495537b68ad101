import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparedQuery } from './prepared-query.ts';
import { testDatabaseTargets } from './testing/test-databases.ts';
import { newId } from './ids.ts';

for (const target of testDatabaseTargets()) {
  describe(`PreparedQuery on ${target.dialect}`, () => {
    let database: Awaited<ReturnType<typeof target.open>>;
    const userA = newId();
    const userB = newId();
    const at = (second: number) => new Date(Date.UTC(2026, 10, 23, 10, 0, second)).toISOString();

    beforeAll(async () => {
      database = await target.open();
      const { db } = database;
      for (const [id, email] of [
        [userA, 'a@users.ellis.invalid'],
        [userB, 'b@users.ellis.invalid'],
      ] as const) {
        await db.insertInto('users').values({ id, email, password_hash: 'x', recovery_code_hash: null, created_at: at(0), updated_at: at(0) }).execute();
      }
      for (const [userId, title, second] of [
        [userA, 'older', 1],
        [userA, 'newer', 2],
        [userB, 'other user', 3],
        [userA, 'hidden', 4],
      ] as const) {
        await db.insertInto('bookmarks').values({ id: newId(), user_id: userId, title, url: null, description: null, created_at: at(second) }).execute();
      }
    });
    afterAll(async () => {
      await database.drop();
    });

    it('runs the compiled SQL with each call’s own values, keeping values fixed at build time', async () => {
      const { db } = database;
      const query = new PreparedQuery(db, (userId: string) =>
        db.selectFrom('bookmarks').select('title').where('user_id', '=', userId).where('title', '!=', 'hidden').orderBy('created_at', 'desc'),
      );
      expect((await query.execute(userA)).map((row) => row.title)).toEqual(['newer', 'older']);
      expect((await query.execute(userB)).map((row) => row.title)).toEqual(['other user']);
      expect(await query.execute(newId())).toEqual([]);
      expect(await query.executeTakeFirst(userA)).toEqual({ title: 'newer' });
      expect(await query.executeTakeFirst(newId())).toBeUndefined();
    });

    it('passes several values in the order the builder used them, however often', async () => {
      const { db } = database;
      const query = new PreparedQuery(db, (title: string, userId: string) =>
        db
          .selectFrom('bookmarks')
          .select('title')
          .where((eb) => eb.or([eb('title', '=', title), eb('description', '=', title)]))
          .where('user_id', '=', userId),
      );
      expect(await query.execute('older', userA)).toEqual([{ title: 'older' }]);
      expect(await query.execute('older', userB)).toEqual([]);
    });

    it('treats a value as data, never as SQL', async () => {
      const { db } = database;
      const query = new PreparedQuery(db, (title: string) => db.selectFrom('bookmarks').select('title').where('title', '=', title));
      expect(await query.execute(`x' or '1'='1`)).toEqual([]);
      expect(await query.execute('older')).toEqual([{ title: 'older' }]);
    });

    it('refuses a builder that does not use a placeholder as a value', () => {
      const { db } = database;
      expect(() => new PreparedQuery(db, (_unused: string) => db.selectFrom('bookmarks').select('title'))).toThrow(
        'PreparedQuery: placeholder 0 is not used as a value',
      );
    });
  });
}
