import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../../plugins/authenticate.ts';
import { refusal, refusedWith, type ZodTypeProvider } from '../../plugins/route-contracts.ts';
import { idParamsSchema, noContentSchema } from '../../../shared/api-contracts.ts';
import { bookmarkListQuerySchema, bookmarkListSchema, bookmarkPatchSchema, bookmarkSchema } from '../../../shared/bookmarks-api.ts';
import { bookmarkInputSchema } from '../../../shared/validation/bookmark-rules.ts';
import { BOOKMARK_NOT_FOUND_MESSAGE, type BookmarkService } from './service.ts';

// An id that is not a UUID names no bookmark: the same 404 as an unknown one.
const params = refusedWith(idParamsSchema, refusal(404, 'bookmark_not_found', BOOKMARK_NOT_FOUND_MESSAGE));
const invalidBookmark = refusal(400, 'invalid_bookmark', 'Title is required');

export async function bookmarkRoutes(fastify: FastifyInstance, { bookmarks }: { bookmarks: BookmarkService }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Without `limit` or `cursor` the whole list, as DESIGN §5.2 says (the dashboard reads that);
  // with either, one page `{items, next_cursor}`.
  app.get(
    '/api/bookmarks',
    {
      preValidation: requireUser,
      schema: {
        summary: 'My bookmarks, newest first: all of them, or one page with limit and cursor.',
        querystring: refusedWith(bookmarkListQuerySchema, refusal(400, 'invalid_page')),
        response: { 200: bookmarkListSchema },
      },
    },
    async (request) => {
      const { limit, cursor } = request.query;
      if (limit === undefined && cursor === undefined) return bookmarks.list(currentUser(request).id);
      return bookmarks.page(currentUser(request).id, { limit, cursor });
    },
  );

  app.post(
    '/api/bookmarks',
    {
      preValidation: requireUser,
      schema: {
        summary: 'Save a bookmark.',
        body: refusedWith(bookmarkInputSchema, invalidBookmark),
        response: { 201: bookmarkSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await bookmarks.create(currentUser(request).id, request.body)),
  );

  const oneSchema = { summary: 'One of my bookmarks.', params, response: { 200: bookmarkSchema } };
  app.get('/api/bookmarks/:id', { preValidation: requireUser, schema: oneSchema }, async (request) =>
    bookmarks.get(currentUser(request).id, request.params.id),
  );

  app.patch(
    '/api/bookmarks/:id',
    {
      preValidation: requireUser,
      schema: {
        summary: 'Change a bookmark: the fields sent.',
        params,
        body: refusedWith(bookmarkPatchSchema, invalidBookmark),
        response: { 200: bookmarkSchema },
      },
    },
    async (request) => bookmarks.update(currentUser(request).id, request.params.id, request.body),
  );

  const removeSchema = { summary: 'Delete a bookmark.', params, response: { 204: noContentSchema } };
  app.delete('/api/bookmarks/:id', { preValidation: requireUser, schema: removeSchema }, async (request, reply) => {
    await bookmarks.remove(currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });
}
