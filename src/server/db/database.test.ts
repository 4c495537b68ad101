import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabaseTargets } from './testing/test-databases.ts';
import { migrateToLatest } from './database.ts';
import { newId } from './ids.ts';

const EXPECTED_TABLES = [
  'bookmarks',
  'conversations',
  'directory_reports',
  'directory_state',
  'hsds_address',
  'hsds_attribute',
  'hsds_location',
  'hsds_metadata',
  'hsds_organization',
  'hsds_phone',
  'hsds_schedule',
  'hsds_service',
  'hsds_service_at_location',
  'hsds_taxonomy',
  'hsds_taxonomy_term',
  'messages',
  'mfa_challenges',
  'mfa_factors',
  'public_conversations',
  'public_messages',
  'refresh_tokens',
  'sessions',
  'user_profiles',
  'users',
];

if (!process.env.TEST_DATABASE_URL) {
  console.log('database.test.ts: TEST_DATABASE_URL is not set, so only SQLite is tested here');
}

for (const target of testDatabaseTargets()) {
  describe(`database on ${target.dialect}`, () => {
    let database: Awaited<ReturnType<typeof target.open>>;

    beforeAll(async () => {
      database = await target.open();
    });
    afterAll(async () => {
      await database.drop();
    });

    it('creates every table of the schema', async () => {
      const tables = (await database.db.introspection.getTables())
        .map((table) => table.name)
        .filter((name) => !name.startsWith('kysely_'))
        .sort();
      expect(tables).toEqual(EXPECTED_TABLES);
    });

    it('is idempotent: migrating again changes nothing', async () => {
      await expect(migrateToLatest(database)).resolves.toBeUndefined();
    });

    it('round-trips a user, profile, bookmark and messages with ISO timestamps and ordering', async () => {
      const { db } = database;
      const userId = newId();
      const now = new Date('2026-11-22T10:00:00.000Z').toISOString();
      await db
        .insertInto('users')
        .values({ id: userId, email: 'sam@users.ellis.invalid', password_hash: 'x', recovery_code_hash: null, created_at: now, updated_at: now })
        .execute();
      await db.insertInto('user_profiles').values({ id: userId, username: 'Sam', username_key: 'sam', created_at: now }).execute();
      await db
        .insertInto('bookmarks')
        .values({ id: newId(), user_id: userId, title: 'Shelter', url: null, description: null, created_at: now })
        .execute();
      const conversationId = newId();
      await db.insertInto('conversations').values({ id: conversationId, user_profile_id: userId, provider_chat_id: null, created_at: now }).execute();
      // Same timestamp on purpose: UUIDv7 ids keep creation order as the tie-break.
      for (const content of ['first', 'second', 'third']) {
        await db
          .insertInto('messages')
          .values({ id: newId(), conversation_id: conversationId, sender: 'user', content, created_at: now, updated_at: now })
          .execute();
      }

      const bookmark = await db.selectFrom('bookmarks').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
      expect(bookmark).toMatchObject({ title: 'Shelter', url: null, description: null, created_at: now });
      const messages = await db
        .selectFrom('messages')
        .select('content')
        .where('conversation_id', '=', conversationId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      expect(messages.map((message) => message.content)).toEqual(['first', 'second', 'third']);
    });

    // SQLite's plan is stable text to compare; PostgreSQL's planner may pick a sort on tiny tables.
    if (target.dialect === 'sqlite') {
    it('reads ordered lists straight from an index, without sorting them again', async () => {
      const { db } = database;
      const rows = await sql<{ detail: string }>`explain query plan select id, title from bookmarks where user_id = ${'someone'} order by created_at desc, id desc`.execute(db);
      expect(rows.rows.map((row) => row.detail)).toEqual(['SEARCH bookmarks USING INDEX bookmarks_user_id_created_at_id_idx (user_id=?)']);
    });
    }

    it('enforces unique usernames case-insensitively through username_key', async () => {
      const { db } = database;
      const now = new Date().toISOString();
      const other = newId();
      await db
        .insertInto('users')
        .values({ id: other, email: 'sam2@users.ellis.invalid', password_hash: 'x', recovery_code_hash: null, created_at: now, updated_at: now })
        .execute();
      await expect(
        db.insertInto('user_profiles').values({ id: other, username: 'SAM', username_key: 'sam', created_at: now }).execute(),
      ).rejects.toThrow();
    });

    it('rejects a message sender other than ai or user', async () => {
      const { db } = database;
      const now = new Date().toISOString();
      const conversationId = newId();
      await db.insertInto('public_conversations').values({ id: conversationId, token_hash: 'h', provider_chat_id: null, created_at: now, expires_at: now }).execute();
      await expect(
        sql`insert into public_messages (id, conversation_id, sender, content, created_at) values (${newId()}, ${conversationId}, ${'robot'}, ${'x'}, ${now})`.execute(db),
      ).rejects.toThrow();
    });

    it('deleting a user cascades to profile, bookmarks, conversations and messages', async () => {
      const { db } = database;
      const user = await db.selectFrom('users').select('id').where('email', '=', 'sam@users.ellis.invalid').executeTakeFirstOrThrow();
      await db.deleteFrom('users').where('id', '=', user.id).execute();
      const left = await Promise.all([
        db.selectFrom('user_profiles').select('id').where('id', '=', user.id).execute(),
        db.selectFrom('bookmarks').select('id').where('user_id', '=', user.id).execute(),
        db.selectFrom('conversations').select('id').where('user_profile_id', '=', user.id).execute(),
        db.selectFrom('messages').select('id').execute(),
      ]);
      expect(left.map((rows) => rows.length)).toEqual([0, 0, 0, 0]);
    });
  });
}
