import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../app-error.ts';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';
import { servicesQuerySchema } from '../../../shared/services-api.ts';
import { HSDS_DEFAULT_PER_PAGE, HSDS_MAX_PER_PAGE, type HsdsApiService } from './hsds-api.ts';
import type { DirectoryService } from './service.ts';

export interface DirectoryRateLimits {
  searchPerIp: RateLimitRule;
  reportPerIp: RateLimitRule;
  hsdsPerIp: RateLimitRule;
}

/**
 * Generous for search (a shelter's shared address serves many people); tight for reports, which an
 * operator reads one by one.
 */
export const DEFAULT_DIRECTORY_RATE_LIMITS: DirectoryRateLimits = {
  searchPerIp: { limit: 120, windowMs: 60_000 },
  reportPerIp: { limit: 5, windowMs: 10 * 60_000 },
  hsdsPerIp: { limit: 120, windowMs: 60_000 },
};

const QUERY_ERROR_CODES: Record<string, string> = {
  category: 'invalid_category',
  tags: 'invalid_tags',
  at: 'invalid_time',
  open_now: 'invalid_open_now',
  limit: 'invalid_limit',
};

function firstIssue(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  return { field: String(issue?.path[0] ?? ''), message: issue?.message ?? 'The request could not be understood.' };
}

const text = (name: string) => z.string({ error: `Send ${name} once, as text.` }).trim().max(200, { error: `${name} can be at most 200 characters.` }).optional();
const positive = (name: string, max: number) =>
  z
    .string({ error: `Send ${name} once.` })
    .regex(/^\d{1,6}$/, { error: `${name} is a whole number from 1 to ${max}.` })
    .transform(Number)
    .pipe(z.number().min(1, { error: `${name} is a whole number from 1 to ${max}.` }).max(max, { error: `${name} is a whole number from 1 to ${max}.` }))
    .optional();

const hsdsPageSchema = { page: positive('page', 100_000), per_page: positive('per_page', HSDS_MAX_PER_PAGE) };
const hsdsServicesQuery = z.object({ search: text('search'), taxonomy_term_id: text('taxonomy_term_id'), organization_id: text('organization_id'), ...hsdsPageSchema });
const hsdsServiceAtLocationsQuery = hsdsServicesQuery.extend({
  postcode: z.string({ error: 'Send postcode once.' }).trim().regex(/^\d{5}(-\d{4})?$/, { error: 'postcode is a 5-digit ZIP code.' }).optional(),
  proximity: positive('proximity', 200_000),
});
const hsdsTermsQuery = z.object({ search: text('search'), taxonomy_id: text('taxonomy_id'), ...hsdsPageSchema });

function parseHsds<T extends z.ZodType>(schema: T, query: unknown): z.infer<T> {
  const parsed = schema.safeParse(query ?? {});
  if (!parsed.success) throw new AppError(400, 'invalid_query', firstIssue(parsed.error).message);
  return parsed.data;
}

type WithId = { Params: { id: string } };

/** GET /api/services, POST /api/services/:id/reports and the HSDS read API under /hsds/. */
export async function directoryRoutes(
  app: FastifyInstance,
  deps: { directory: DirectoryService; hsds: HsdsApiService; limiter: RateLimiter; limits: DirectoryRateLimits },
): Promise<void> {
  const { directory, hsds, limiter, limits } = deps;

  app.get('/api/services', async (request, reply) => {
    await limiter.consume(`services:ip:${request.ip}`, limits.searchPerIp);
    const parsed = servicesQuerySchema.safeParse(request.query ?? {});
    if (!parsed.success) {
      const { field, message } = firstIssue(parsed.error);
      throw new AppError(400, QUERY_ERROR_CODES[field] ?? 'invalid_query', message);
    }
    const { open_now: openNow, ...rest } = parsed.data;
    // Open status changes by the minute; a short shared cache still absorbs repeated searches.
    reply.header('Cache-Control', 'public, max-age=60');
    return directory.searchServices({ ...rest, ...(openNow === undefined ? {} : { openNow }) });
  });

  app.post<WithId>('/api/services/:id/reports', async (request, reply) => {
    await limiter.consume(`service-report:ip:${request.ip}`, limits.reportPerIp);
    return reply.status(201).send(await directory.reportProblem(request.params.id, request.body));
  });

  app.get('/hsds', async () => ({
    version: '3.0',
    profile: 'https://github.com/openreferral/specification/tree/3.0',
    openapi_url: 'https://raw.githubusercontent.com/openreferral/specification/3.0/schema/openapi.json',
  }));

  app.get('/hsds/services', async (request) => {
    await limiter.consume(`hsds:ip:${request.ip}`, limits.hsdsPerIp);
    const query = parseHsds(hsdsServicesQuery, request.query);
    return hsds.services({
      search: query.search || null,
      taxonomyTermId: query.taxonomy_term_id || null,
      organizationId: query.organization_id || null,
      page: query.page ?? 1,
      perPage: query.per_page ?? HSDS_DEFAULT_PER_PAGE,
    });
  });

  app.get<WithId>('/hsds/services/:id', async (request) => {
    await limiter.consume(`hsds:ip:${request.ip}`, limits.hsdsPerIp);
    return hsds.service(request.params.id);
  });

  app.get('/hsds/service_at_locations', async (request) => {
    await limiter.consume(`hsds:ip:${request.ip}`, limits.hsdsPerIp);
    const query = parseHsds(hsdsServiceAtLocationsQuery, request.query);
    return hsds.serviceAtLocations({
      search: query.search || null,
      taxonomyTermId: query.taxonomy_term_id || null,
      organizationId: query.organization_id || null,
      postcode: query.postcode ?? null,
      proximityM: query.proximity ?? null,
      page: query.page ?? 1,
      perPage: query.per_page ?? HSDS_DEFAULT_PER_PAGE,
    });
  });

  app.get('/hsds/taxonomy_terms', async (request) => {
    await limiter.consume(`hsds:ip:${request.ip}`, limits.hsdsPerIp);
    const query = parseHsds(hsdsTermsQuery, request.query);
    return hsds.taxonomyTerms({
      search: query.search || null,
      taxonomyId: query.taxonomy_id || null,
      page: query.page ?? 1,
      perPage: query.per_page ?? HSDS_DEFAULT_PER_PAGE,
    });
  });
}
