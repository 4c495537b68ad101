import { AppError } from '../../app-error.ts';
import { newId } from '../../db/ids.ts';
import { bookmarkInputSchema } from '../../../shared/validation/bookmark-rules.ts';
import type { BookmarkFields, BookmarkRepository, BookmarkRow } from './repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Bounded data (issue 17): a user keeps at most this many bookmarks. */
export const MAX_BOOKMARKS_PER_USER = 1_000;
export const BOOKMARK_PAGE_DEFAULT = 50;
export const BOOKMARK_PAGE_MAX = 100;

export interface BookmarkPage {
  items: BookmarkRow[];
  /** Pass as `cursor` for the next page; null on the last one. */
  next_cursor: string | null;
}

const invalidPage = (message: string) => new AppError(400, 'invalid_page', message);

function encodeCursor(row: BookmarkRow): string {
  return Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && typeof id === 'string' && UUID.test(id) && !Number.isNaN(Date.parse(createdAt))) return { createdAt, id };
  } catch {
    // Falls through to the refusal below.
  }
  throw invalidPage('The cursor is not one this list gave out.');
}

const notFound = () => new AppError(404, 'bookmark_not_found', 'Bookmark not found.');

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** SPEC §5 bookmark rules, enforced with the same schema the dashboard form uses. */
function validate(input: Record<string, unknown>): BookmarkFields {
  const parsed = bookmarkInputSchema.safeParse({ title: input.title, url: input.url, description: input.description });
  if (!parsed.success) {
    throw new AppError(400, 'invalid_bookmark', parsed.error.issues[0]?.message ?? 'Title is required');
  }
  return parsed.data;
}

export class BookmarkService {
  readonly #repository: BookmarkRepository;
  readonly #now: () => number;

  constructor(deps: { repository: BookmarkRepository; now: () => number }) {
    this.#repository = deps.repository;
    this.#now = deps.now;
  }

  /** Every bookmark, newest first (DESIGN §5.2; at most MAX_BOOKMARKS_PER_USER). */
  list(userId: string): Promise<BookmarkRow[]> {
    return this.#repository.list(userId);
  }

  /** `GET /api/bookmarks?limit=&cursor=`: one page, newest first. */
  async page(userId: string, query: { limit?: unknown; cursor?: unknown }): Promise<BookmarkPage> {
    const limitText = query.limit ?? String(BOOKMARK_PAGE_DEFAULT);
    const limit = typeof limitText === 'string' && /^\d{1,3}$/.test(limitText) ? Number(limitText) : NaN;
    if (!(limit >= 1 && limit <= BOOKMARK_PAGE_MAX)) throw invalidPage(`limit must be a whole number from 1 to ${BOOKMARK_PAGE_MAX}.`);
    if (query.cursor !== undefined && typeof query.cursor !== 'string') throw invalidPage('The cursor is not one this list gave out.');
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    // One more than asked tells whether another page follows.
    const rows = await this.#repository.listPage(userId, limit + 1, after);
    const items = rows.slice(0, limit);
    return { items, next_cursor: rows.length > limit ? encodeCursor(items.at(-1)!) : null };
  }

  async get(userId: string, id: string): Promise<BookmarkRow> {
    if (!UUID.test(id)) throw notFound();
    const bookmark = await this.#repository.find(userId, id);
    if (!bookmark) throw notFound();
    return bookmark;
  }

  /** Only title, url and description are read from the body: `id`, `user_id` and the rest are ignored. */
  async create(userId: string, body: unknown): Promise<BookmarkRow> {
    const fields = validate(record(body));
    if ((await this.#repository.count(userId)) >= MAX_BOOKMARKS_PER_USER) {
      throw new AppError(409, 'bookmark_limit_reached', `You can keep up to ${MAX_BOOKMARKS_PER_USER.toLocaleString('en-US')} bookmarks. Delete some to add new ones.`);
    }
    const now = this.#now();
    return this.#repository.insert({ ...fields, id: newId(now), userId, createdAt: new Date(now).toISOString() });
  }

  /** Fields left out of the body keep their value; the result is validated as a whole. */
  async update(userId: string, id: string, body: unknown): Promise<BookmarkRow> {
    if (!UUID.test(id)) throw notFound();
    const existing = await this.#repository.find(userId, id);
    if (!existing) throw notFound();
    const input = record(body);
    const fields = validate({
      title: 'title' in input ? input.title : existing.title,
      url: 'url' in input ? input.url : existing.url,
      description: 'description' in input ? input.description : existing.description,
    });
    const updated = await this.#repository.update(userId, id, fields);
    if (!updated) throw notFound();
    return updated;
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!UUID.test(id) || !(await this.#repository.delete(userId, id))) throw notFound();
  }
}
