import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';
import { refusal, refusedWith, type ZodTypeProvider } from '../../plugins/route-contracts.ts';
import { anyIdParamsSchema } from '../../../shared/api-contracts.ts';
import { serviceReportInputSchema, serviceReportResponseSchema, servicesQuerySchema, servicesResponseSchema } from '../../../shared/services-api.ts';
import {
  HSDS_DEFAULT_PER_PAGE,
  hsdsInfoSchema,
  hsdsObjectSchema,
  hsdsPageSchema,
  hsdsServiceAtLocationsQuerySchema,
  hsdsServicesQuerySchema,
  hsdsTaxonomyTermsQuerySchema,
} from '../../../shared/hsds-read-api.ts';
import type { HsdsApiService } from './hsds-api.ts';
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

const UNDERSTOOD = 'The request could not be understood.';

/** Each bad search parameter has its own code. */
const servicesQuery = refusedWith(servicesQuerySchema, (issue) => {
  const field = String(issue?.path[0] ?? '');
  return new AppError(400, QUERY_ERROR_CODES[field] ?? 'invalid_query', issue?.message ?? UNDERSTOOD);
});

const reportBody = refusedWith(serviceReportInputSchema, (issue) =>
  new AppError(400, issue?.path[0] === 'kind' ? 'invalid_report_kind' : 'invalid_report', issue?.message ?? 'Tell us what is wrong.'),
);

const invalidQuery = refusal(400, 'invalid_query', UNDERSTOOD);

/** GET /api/services, POST /api/services/:id/reports and the HSDS read API under /hsds/. */
export async function directoryRoutes(
  fastify: FastifyInstance,
  deps: { directory: DirectoryService; hsds: HsdsApiService; limiter: RateLimiter; limits: DirectoryRateLimits },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { directory, hsds, limiter, limits } = deps;
  // Rate limits count every request, well-formed or not: they run before the request is checked.
  const limited = (key: string, rule: RateLimitRule) => ({
    preValidation: async (request: FastifyRequest) => limiter.consume(`${key}:ip:${request.ip}`, rule),
  });

  const searchSchema = {
    summary: 'Search the services directory: text, category, place, open now, tags.',
    querystring: servicesQuery,
    response: { 200: servicesResponseSchema },
  };
  app.get('/api/services', { ...limited('services', limits.searchPerIp), schema: searchSchema }, async (request, reply) => {
    const { open_now: openNow, ...rest } = request.query;
    // Open status changes by the minute; a short shared cache still absorbs repeated searches.
    reply.header('Cache-Control', 'public, max-age=60');
    return directory.searchServices({ ...rest, ...(openNow === undefined ? {} : { openNow }) });
  });

  const reportSchema = {
    summary: 'Report a problem with a service (wrong phone, address, hours, closed).',
    params: anyIdParamsSchema,
    body: reportBody,
    response: { 201: serviceReportResponseSchema },
  };
  app.post('/api/services/:id/reports', { ...limited('service-report', limits.reportPerIp), schema: reportSchema }, async (request, reply) =>
    reply.status(201).send(await directory.reportProblem(request.params.id, request.body)),
  );

  app.get('/hsds', { schema: { summary: 'Which HSDS version and profile this API serves.', response: { 200: hsdsInfoSchema } } }, async () => ({
    version: '3.0',
    profile: 'https://github.com/openreferral/specification/tree/3.0',
    openapi_url: 'https://raw.githubusercontent.com/openreferral/specification/3.0/schema/openapi.json',
  }));

  const hsdsLimit = limited('hsds', limits.hsdsPerIp);
  const servicesSchema = {
    summary: 'HSDS services, one page.',
    querystring: refusedWith(hsdsServicesQuerySchema, invalidQuery),
    response: { 200: hsdsPageSchema },
  };
  app.get('/hsds/services', { ...hsdsLimit, schema: servicesSchema }, async (request) => {
    return hsds.services(serviceFilter(request.query));
  });

  const serviceSchema = {
    summary: 'One HSDS service with everything it links to.',
    params: anyIdParamsSchema,
    response: { 200: hsdsObjectSchema },
  };
  app.get('/hsds/services/:id', { ...hsdsLimit, schema: serviceSchema }, async (request) =>
    hsds.service(request.params.id),
  );

  const atLocationsSchema = {
    summary: 'HSDS services at locations, by postcode or distance from it.',
    querystring: refusedWith(hsdsServiceAtLocationsQuerySchema, invalidQuery),
    response: { 200: hsdsPageSchema },
  };
  app.get('/hsds/service_at_locations', { ...hsdsLimit, schema: atLocationsSchema }, async (request) => {
    const query = request.query;
    return hsds.serviceAtLocations({ ...serviceFilter(query), postcode: query.postcode ?? null, proximityM: query.proximity ?? null });
  });

  const termsSchema = {
    summary: 'HSDS taxonomy terms, one page.',
    querystring: refusedWith(hsdsTaxonomyTermsQuerySchema, invalidQuery),
    response: { 200: hsdsPageSchema },
  };
  app.get('/hsds/taxonomy_terms', { ...hsdsLimit, schema: termsSchema }, async (request) => {
    const query = request.query;
    return hsds.taxonomyTerms({
      search: query.search || null,
      taxonomyId: query.taxonomy_id || null,
      page: query.page ?? 1,
      perPage: query.per_page ?? HSDS_DEFAULT_PER_PAGE,
    });
  });
}

/** The HSDS service filter and page both service listings share; an empty parameter is no filter. */
function serviceFilter(query: { search?: string; taxonomy_term_id?: string; organization_id?: string; page?: number; per_page?: number }) {
  return {
    search: query.search || null,
    taxonomyTermId: query.taxonomy_term_id || null,
    organizationId: query.organization_id || null,
    page: query.page ?? 1,
    perPage: query.per_page ?? HSDS_DEFAULT_PER_PAGE,
  };
}
