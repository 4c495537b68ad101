import { AppError } from '../../app-error.ts';
import { newId } from '../../db/ids.ts';
import { bookmarkInputSchema } from '../../../shared/validation/bookmark-rules.ts';
import type { BookmarkFields, BookmarkRepository, BookmarkRow } from './repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

  list(userId: string): Promise<BookmarkRow[]> {
    return this.#repository.list(userId);
  }

  async get(userId: string, id: string): Promise<BookmarkRow> {
    if (!UUID.test(id)) throw notFound();
    const bookmark = await this.#repository.find(userId, id);
    if (!bookmark) throw notFound();
    return bookmark;
  }

  /** Only title, url and description are read from the body: `id`, `user_id` and the rest are ignored. */
  create(userId: string, body: unknown): Promise<BookmarkRow> {
    const fields = validate(record(body));
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
