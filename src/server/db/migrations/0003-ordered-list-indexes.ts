import type { Kysely } from 'kysely';

/** The lists ordered by (created_at, id): the bookmark list, a user's conversations and both kinds of messages. */
const ORDERED_LISTS = [
  { table: 'bookmarks', owner: 'user_id', old: 'bookmarks_user_id_created_at_idx', new: 'bookmarks_user_id_created_at_id_idx' },
  { table: 'conversations', owner: 'user_profile_id', old: 'conversations_profile_created_at_idx', new: 'conversations_profile_created_at_id_idx' },
  { table: 'messages', owner: 'conversation_id', old: 'messages_conversation_created_at_idx', new: 'messages_conversation_created_at_id_idx' },
  {
    table: 'public_messages',
    owner: 'conversation_id',
    old: 'public_messages_conversation_created_at_idx',
    new: 'public_messages_conversation_created_at_id_idx',
  },
] as const;

/**
 * Every list orders by creation time with the id as tie-break. With the id in the index too, the
 * database reads rows in order instead of sorting them again: SQLite's plan lost its "temp b-tree
 * for order by" and the 20-bookmark list went from 31 to 21 µs (docs/performance.md).
 */
export function orderedListIndexesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const list of ORDERED_LISTS) {
        await db.schema.createIndex(list.new).on(list.table).columns([list.owner, 'created_at', 'id']).execute();
        await db.schema.dropIndex(list.old).execute();
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const list of ORDERED_LISTS) {
        await db.schema.createIndex(list.old).on(list.table).columns([list.owner, 'created_at']).execute();
        await db.schema.dropIndex(list.new).execute();
      }
    },
  };
}
