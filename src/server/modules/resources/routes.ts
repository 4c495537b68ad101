import type { FastifyInstance } from 'fastify';
import { AppError } from '../../app-error.ts';
import { refusedWith, type ZodTypeProvider } from '../../plugins/route-contracts.ts';
import { resourcesResponseSchema, resourcesQuerySchema } from '../../../shared/resources-api.ts';
import { listResources } from './service.ts';

const query = refusedWith(resourcesQuerySchema, (issue) =>
  new AppError(400, issue?.path[0] === 'category' ? 'invalid_category' : 'invalid_query', issue?.message ?? 'The request could not be understood.'),
);

/** Public, read-only: the static directory (SPEC §3) filtered by ?q= and ?category=. */
export async function resourceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const listSchema = {
    summary: 'The static resource directory, filtered by text and category.',
    querystring: query,
    response: { 200: resourcesResponseSchema },
  };
  app.get('/api/resources', { schema: listSchema }, async (request, reply) => {
    const { q = '', category = 'all' } = request.query;
    reply.header('Cache-Control', 'public, max-age=300');
    return listResources({ query: q, category });
  });
}
