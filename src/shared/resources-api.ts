/**
 * `GET /api/resources` (DESIGN §5.2) as zod schemas, for the server's route. Kept apart from
 * resource-search.ts so the public pages' bundle, which runs the search itself, carries no zod.
 */
import { z } from 'zod';
import { CATEGORY_IDS } from './resource-directory.ts';
import { CATEGORY_FILTERS, MAX_QUERY_LENGTH } from './resource-search.ts';

// Fastify parses a repeated parameter into an array; only a single string is accepted.
export const resourcesQuerySchema = z.object({
  q: z
    .string({ error: 'Send q once, as text.' })
    .max(MAX_QUERY_LENGTH, { error: `The search text can be at most ${MAX_QUERY_LENGTH} characters.` })
    .optional(),
  category: z.enum(['all', ...CATEGORY_IDS], { error: `Unknown category. Use one of: ${CATEGORY_FILTERS.join(', ')}.` }).optional(),
});

/** GET /api/resources (DESIGN §5.2): the directory filtered with the SPEC §2 semantics. */
export const resourcesResponseSchema = z.object({
  categories: z.array(z.object({ id: z.enum(CATEGORY_IDS), name: z.string(), resources: z.array(z.object({ name: z.string(), url: z.string() })) })),
  organizations: z.array(z.object({ name: z.string(), description: z.string(), url: z.string(), phone: z.string().optional() })),
  noResults: z.boolean(),
});
export type ResourcesResponse = z.infer<typeof resourcesResponseSchema>;
