import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';
import { PreparedQuery } from '../../db/prepared-query.ts';
import type { Bookmark } from '../../../shared/bookmarks-api.ts';
import type { BookmarkInput } from '../../../shared/validation/bookmark-rules.ts';

const COLUMNS = ['id', 'title', 'url', 'description', 'created_at'] as const;

/** Bookmarks SQL. Every statement filters by the owner: another user's id matches nothing. */
export class BookmarkRepository {
  readonly #db: Kysely<DatabaseSchema>;
  // The dashboard's list runs on every visit: built once (prepared-query.ts).
  readonly #listQuery: PreparedQuery<[userId: string], Bookmark>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
    this.#listQuery = new PreparedQuery(db, (userId: string) =>
      db.selectFrom('bookmarks').select(COLUMNS).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc'),
    );
  }

  list(userId: string): Promise<Bookmark[]> {
    return this.#listQuery.execute(userId);
  }

  /** One page, newest first, after the (created_at, id) position of `after` when given. */
  listPage(userId: string, limit: number, after: { createdAt: string; id: string } | null): Promise<Bookmark[]> {
    let query = this.#db.selectFrom('bookmarks').select(COLUMNS).where('user_id', '=', userId);
    if (after) {
      query = query.where((eb) =>
        eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)])]),
      );
    }
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  async count(userId: string): Promise<number> {
    const row = await this.#db.selectFrom('bookmarks').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  find(userId: string, id: string): Promise<Bookmark | undefined> {
    return this.#db.selectFrom('bookmarks').select(COLUMNS).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  async insert(bookmark: BookmarkInput & { id: string; userId: string; createdAt: string }): Promise<Bookmark> {
    return this.#db
      .insertInto('bookmarks')
      .values({
        id: bookmark.id,
        user_id: bookmark.userId,
        title: bookmark.title,
        url: bookmark.url,
        description: bookmark.description,
        created_at: bookmark.createdAt,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  }

  update(userId: string, id: string, fields: BookmarkInput): Promise<Bookmark | undefined> {
    return this.#db
      .updateTable('bookmarks')
      .set({ title: fields.title, url: fields.url, description: fields.description })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning(COLUMNS)
      .executeTakeFirst();
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.#db.deleteFrom('bookmarks').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
