import { AppError } from '../../app-error.ts';
import { newId } from '../../db/ids.ts';
import { isUuid } from '../../../shared/api-contracts.ts';
import { BOOKMARK_PAGE_DEFAULT, INVALID_CURSOR_MESSAGE, type Bookmark, type BookmarkPage } from '../../../shared/bookmarks-api.ts';
import type { BookmarkInput } from '../../../shared/validation/bookmark-rules.ts';
import type { BookmarkRepository } from './repository.ts';

/** Bounded data: a user keeps at most this many bookmarks. */
export const MAX_BOOKMARKS_PER_USER = 1_000;

export const BOOKMARK_NOT_FOUND_MESSAGE = 'Bookmark not found.';

function encodeCursor(row: Bookmark): string {
  return Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && isUuid(id) && !Number.isNaN(Date.parse(createdAt))) return { createdAt, id };
  } catch {
    // Falls through to the refusal below.
  }
  throw new AppError(400, 'invalid_page', INVALID_CURSOR_MESSAGE);
}

const notFound = () => new AppError(404, 'bookmark_not_found', BOOKMARK_NOT_FOUND_MESSAGE);

/**
 * Bookmarks of one signed-in person. Bodies, ids and the page query arrive checked by the route's
 * schemas (SPEC §5 rules, the same schema the dashboard form uses).
 */
export class BookmarkService {
  readonly #repository: BookmarkRepository;
  readonly #now: () => number;

  constructor(deps: { repository: BookmarkRepository; now: () => number }) {
    this.#repository = deps.repository;
    this.#now = deps.now;
  }

  /** Every bookmark, newest first (DESIGN §5.2; at most MAX_BOOKMARKS_PER_USER). */
  list(userId: string): Promise<Bookmark[]> {
    return this.#repository.list(userId);
  }

  /** `GET /api/bookmarks?limit=&cursor=`: one page, newest first. */
  async page(userId: string, query: { limit?: number | undefined; cursor?: string | undefined }): Promise<BookmarkPage> {
    const limit = query.limit ?? BOOKMARK_PAGE_DEFAULT;
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    // One more than asked tells whether another page follows.
    const rows = await this.#repository.listPage(userId, limit + 1, after);
    const items = rows.slice(0, limit);
    return { items, next_cursor: rows.length > limit ? encodeCursor(items.at(-1)!) : null };
  }

  async get(userId: string, id: string): Promise<Bookmark> {
    const bookmark = await this.#repository.find(userId, id);
    if (!bookmark) throw notFound();
    return bookmark;
  }

  /** Only title, url and description are read from the body: `id`, `user_id` and the rest are ignored. */
  async create(userId: string, fields: BookmarkInput): Promise<Bookmark> {
    if ((await this.#repository.count(userId)) >= MAX_BOOKMARKS_PER_USER) {
      throw new AppError(409, 'bookmark_limit_reached', `You can keep up to ${MAX_BOOKMARKS_PER_USER.toLocaleString('en-US')} bookmarks. Delete some to add new ones.`);
    }
    const now = this.#now();
    return this.#repository.insert({ ...fields, id: newId(now), userId, createdAt: new Date(now).toISOString() });
  }

  /** Fields left out of the body keep their value. */
  async update(userId: string, id: string, changes: Partial<BookmarkInput>): Promise<Bookmark> {
    const existing = await this.#repository.find(userId, id);
    if (!existing) throw notFound();
    const updated = await this.#repository.update(userId, id, {
      title: changes.title ?? existing.title,
      url: changes.url !== undefined ? changes.url : existing.url,
      description: changes.description !== undefined ? changes.description : existing.description,
    });
    if (!updated) throw notFound();
    return updated;
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.#repository.delete(userId, id))) throw notFound();
  }
}
