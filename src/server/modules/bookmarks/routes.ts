import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../../plugins/authenticate.ts';
import type { BookmarkService } from './service.ts';

type WithId = { Params: { id: string } };

export async function bookmarkRoutes(app: FastifyInstance, { bookmarks }: { bookmarks: BookmarkService }): Promise<void> {
  // Without `limit` or `cursor` the whole list, as DESIGN §5.2 says (the dashboard reads that);
  // with either, one page `{items, next_cursor}`.
  app.get<{ Querystring: { limit?: unknown; cursor?: unknown } }>('/api/bookmarks', { preHandler: requireUser }, async (request) => {
    const { limit, cursor } = request.query;
    if (limit === undefined && cursor === undefined) return bookmarks.list(currentUser(request).id);
    return bookmarks.page(currentUser(request).id, { limit, cursor });
  });

  app.post('/api/bookmarks', { preHandler: requireUser }, async (request, reply) =>
    reply.status(201).send(await bookmarks.create(currentUser(request).id, request.body)),
  );

  app.get<WithId>('/api/bookmarks/:id', { preHandler: requireUser }, async (request) =>
    bookmarks.get(currentUser(request).id, request.params.id),
  );

  app.patch<WithId>('/api/bookmarks/:id', { preHandler: requireUser }, async (request) =>
    bookmarks.update(currentUser(request).id, request.params.id, request.body),
  );

  app.delete<WithId>('/api/bookmarks/:id', { preHandler: requireUser }, async (request, reply) => {
    await bookmarks.remove(currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });
}
