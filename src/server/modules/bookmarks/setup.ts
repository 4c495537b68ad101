import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { BookmarkRepository } from './repository.ts';
import { BookmarkService } from './service.ts';
import { bookmarkRoutes } from './routes.ts';

/** Wires bookmarks: /api/bookmarks (DESIGN §5.2). `now` is a fake clock in tests. */
export async function registerBookmarks(app: FastifyInstance, database: Database, deps: { now: () => number }): Promise<BookmarkService> {
  const bookmarks = new BookmarkService({ repository: new BookmarkRepository(database.db), now: deps.now });
  await app.register(bookmarkRoutes, { bookmarks });
  return bookmarks;
}
