import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../app-error.ts';
import { CATEGORY_IDS } from '../../../shared/resource-directory.ts';
import { MAX_QUERY_LENGTH } from '../../../shared/resource-search.ts';
import { listResources } from './service.ts';

const CATEGORY_FILTERS = ['all', ...CATEGORY_IDS] as const;
const CATEGORY_LIST = CATEGORY_FILTERS.join(', ');

// Fastify parses a repeated parameter into an array; only a single string is accepted.
const querySchema = z.object({
  q: z
    .string({ error: 'Send q once, as text.' })
    .max(MAX_QUERY_LENGTH, { error: `The search text can be at most ${MAX_QUERY_LENGTH} characters.` })
    .optional(),
  category: z.enum(CATEGORY_FILTERS, { error: `Unknown category. Use one of: ${CATEGORY_LIST}.` }).optional(),
});

/** Public, read-only: the static directory (SPEC §3) filtered by ?q= and ?category=. */
export async function resourceRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/resources', async (request, reply) => {
    const parsed = querySchema.safeParse(request.query ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0];
      const message = issue?.message ?? 'The request could not be understood.';
      throw new AppError(400, field === 'category' ? 'invalid_category' : 'invalid_query', message);
    }
    const { q = '', category = 'all' } = parsed.data;
    reply.header('Cache-Control', 'public, max-age=300');
    return listResources({ query: q, category });
  });
}
