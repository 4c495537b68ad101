/**
 * The HSDS 3.0 read API under /hsds (the specification's openapi.json): its queries and the paging
 * envelope. The records themselves are HSDS objects, checked against the specification's own
 * schemas by the directory's validator, so they are described here only by their id.
 */
import { z } from 'zod';

export const HSDS_DEFAULT_PER_PAGE = 50;
export const HSDS_MAX_PER_PAGE = 200;

const text = (name: string) => z.string({ error: `Send ${name} once, as text.` }).trim().max(200, { error: `${name} can be at most 200 characters.` }).optional();
const positive = (name: string, max: number) =>
  z
    .string({ error: `Send ${name} once.` })
    .regex(/^\d{1,6}$/, { error: `${name} is a whole number from 1 to ${max}.` })
    .transform(Number)
    .pipe(z.number().min(1, { error: `${name} is a whole number from 1 to ${max}.` }).max(max, { error: `${name} is a whole number from 1 to ${max}.` }))
    .optional();

const pageQuery = { page: positive('page', 100_000), per_page: positive('per_page', HSDS_MAX_PER_PAGE) };

export const hsdsServicesQuerySchema = z.object({
  search: text('search'),
  taxonomy_term_id: text('taxonomy_term_id'),
  organization_id: text('organization_id'),
  ...pageQuery,
});

export const hsdsServiceAtLocationsQuerySchema = hsdsServicesQuerySchema.extend({
  postcode: z.string({ error: 'Send postcode once.' }).trim().regex(/^\d{5}(-\d{4})?$/, { error: 'postcode is a 5-digit ZIP code.' }).optional(),
  /** Metres from the postcode's centroid. */
  proximity: positive('proximity', 200_000),
});

export const hsdsTaxonomyTermsQuerySchema = z.object({ search: text('search'), taxonomy_id: text('taxonomy_id'), ...pageQuery });

export const hsdsObjectSchema = z.record(z.string(), z.unknown()).describe('An HSDS 3.0 object (service, service_at_location or taxonomy_term).');

export const hsdsPageSchema = z.object({
  total_items: z.number().int(),
  total_pages: z.number().int(),
  page_number: z.number().int(),
  size: z.number().int(),
  first_page: z.boolean(),
  last_page: z.boolean(),
  empty: z.boolean(),
  contents: z.array(hsdsObjectSchema),
});

export const hsdsInfoSchema = z.object({ version: z.string(), profile: z.string(), openapi_url: z.string() });
