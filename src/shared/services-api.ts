/**
 * The contract of the services directory (issue 13): `GET /api/services` and
 * `POST /api/services/:id/reports`. The server validates with these schemas, the web app and the
 * assistant read the same types, and the zod schemas stay plain objects so an OpenAPI generator can
 * walk them.
 *
 * Times: `at`, `open.closes_at` and `open.opens_at` are ISO 8601 instants with an offset; openness is
 * decided on the wall clock of America/Los_Angeles (SERVICE_TIME_ZONE).
 */
import { z } from 'zod';
import { CATEGORY_IDS } from './resource-directory.ts';

export const SERVICE_TIME_ZONE = 'America/Los_Angeles';

/** Longest `q` and `near` the API accepts. */
export const MAX_SERVICE_QUERY_LENGTH = 200;
export const DEFAULT_SERVICE_LIMIT = 20;
export const MAX_SERVICE_LIMIT = 50;
/** Longest report message (characters). */
export const MAX_REPORT_LENGTH = 1000;

/**
 * Ellis access and eligibility tags. They come from HSDS attributes (`link_type` access or eligibility,
 * matched by taxonomy term code); a service carries only the tags its source states.
 */
export const SERVICE_TAGS = [
  'walk-in',
  'appointment',
  'referral',
  'drive-thru',
  'no-documents-required',
  'enrollment-required',
  'families',
  'youth',
  'seniors',
  'veterans',
  'lgbtq',
  'dv-survivors',
  'disability',
  'unhoused',
  'immigrants',
] as const;

export type ServiceTag = (typeof SERVICE_TAGS)[number];

export const PLACE_KINDS = ['county', 'city', 'neighborhood', 'zip', 'coordinates'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

export const BAY_AREA_COUNTIES = [
  'Alameda',
  'Contra Costa',
  'Marin',
  'Napa',
  'San Francisco',
  'San Mateo',
  'Santa Clara',
  'Solano',
  'Sonoma',
] as const;
export type BayAreaCounty = (typeof BAY_AREA_COUNTIES)[number];

export const REPORT_KINDS = ['wrong_phone', 'wrong_address', 'wrong_hours', 'closed', 'other'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

const categoryList = CATEGORY_IDS.join(', ');

/** "a,b , c" → ['a','b','c']; the empty string is no tags. */
function splitList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

// Fastify parses a repeated parameter into an array; each parameter is accepted once, as text.
export const servicesQuerySchema = z.object({
  q: z
    .string({ error: 'Send q once, as text.' })
    .max(MAX_SERVICE_QUERY_LENGTH, { error: `The search text can be at most ${MAX_SERVICE_QUERY_LENGTH} characters.` })
    .optional(),
  category: z.enum(CATEGORY_IDS, { error: `Unknown category. Use one of: ${categoryList}.` }).optional(),
  near: z
    .string({ error: 'Send near once, as text.' })
    .max(MAX_SERVICE_QUERY_LENGTH, { error: `The place can be at most ${MAX_SERVICE_QUERY_LENGTH} characters.` })
    .optional(),
  open_now: z
    .enum(['true', 'false'], { error: 'open_now is true or false.' })
    .transform((value) => value === 'true')
    .optional(),
  at: z.iso.datetime({ offset: true, error: 'at is an ISO 8601 date and time with an offset.' }).optional(),
  tags: z
    .string({ error: 'Send tags once, as a comma-separated list.' })
    .max(MAX_SERVICE_QUERY_LENGTH)
    .transform(splitList)
    .pipe(z.array(z.enum(SERVICE_TAGS, { error: `Unknown tag. Use any of: ${SERVICE_TAGS.join(', ')}.` })))
    .optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, { error: `limit is a whole number from 1 to ${MAX_SERVICE_LIMIT}.` })
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_SERVICE_LIMIT, { error: `limit is a whole number from 1 to ${MAX_SERVICE_LIMIT}.` }))
    .optional(),
});

export type ServicesQueryInput = z.input<typeof servicesQuerySchema>;

/** The parsed query, as the directory service takes it (the assistant calls it directly). */
export interface ServiceSearchQuery {
  q?: string;
  category?: (typeof CATEGORY_IDS)[number];
  near?: string;
  openNow?: boolean;
  /** ISO instant; default now. */
  at?: string;
  tags?: ServiceTag[];
  limit?: number;
}

export const placeSchema = z.object({
  name: z.string(),
  county: z.enum(BAY_AREA_COUNTIES).nullable(),
  lat: z.number(),
  lng: z.number(),
  kind: z.enum(PLACE_KINDS),
});
export type Place = z.infer<typeof placeSchema>;

const addressSchema = z.object({
  address_1: z.string(),
  city: z.string(),
  state_province: z.string(),
  postal_code: z.string(),
});

export const serviceResultSchema = z.object({
  /** The HSDS service id (a UUID). */
  id: z.string(),
  name: z.string(),
  organization: z.object({ id: z.string(), name: z.string() }),
  description: z.string().nullable(),
  url: z.string().nullable(),
  categories: z.array(z.enum(CATEGORY_IDS)),
  tags: z.array(z.enum(SERVICE_TAGS)),
  eligibility: z.string().nullable(),
  what_to_bring: z.string().nullable(),
  /** How to apply, as the source wrote it (HSDS application_process). */
  how_to_apply: z.string().nullable(),
  location: z
    .object({
      id: z.string(),
      name: z.string().nullable(),
      address: addressSchema.nullable(),
      lat: z.number().nullable(),
      lng: z.number().nullable(),
    })
    .nullable(),
  /** No place to go to: a phone line or an area-wide programme. Shown as "area-wide / by phone". */
  area_wide: z.boolean(),
  /** Metres from the place asked about; null without a place or without coordinates. */
  distance_m: z.number().int().nullable(),
  phones: z.array(z.object({ number: z.string(), description: z.string().nullable() })),
  open: z.object({
    /** unknown = no schedule on record: "call for hours", never a guess. */
    status: z.enum(['open', 'closed', 'unknown']),
    closes_at: z.string().nullable(),
    opens_at: z.string().nullable(),
  }),
  freshness: z.object({
    assured_date: z.string().nullable(),
    /** False for a record nobody has confirmed: shown with "call to confirm" and 211. */
    verified: z.boolean(),
    /** assured_date more than a year before `at` (or missing): "call before you go". */
    stale: z.boolean(),
  }),
  source: z.object({
    name: z.string(),
    url: z.string().nullable(),
    licence: z.string().nullable(),
    attribution: z.string().nullable(),
  }),
  /** The record's own warning (HSDS service.alert); must stay visible wherever the record is shown. */
  alert: z.string().nullable(),
});
export type ServiceResult = z.infer<typeof serviceResultSchema>;

export const servicesResponseSchema = z.object({
  /** Where `near` resolved to; null when none was given or it was not recognised (see near_unrecognised). */
  place: placeSchema.nullable(),
  /** True when `near` was given but no Bay Area place matched it. */
  near_unrecognised: z.boolean(),
  at: z.string(),
  total: z.number().int(),
  results: z.array(serviceResultSchema),
});
export type ServicesResponse = z.infer<typeof servicesResponseSchema>;

export const serviceReportInputSchema = z.object({
  message: z
    .string({ error: 'Tell us what is wrong, in at most 1000 characters.' })
    .trim()
    .min(1, { error: 'Tell us what is wrong, in at most 1000 characters.' })
    .max(MAX_REPORT_LENGTH, { error: 'Tell us what is wrong, in at most 1000 characters.' }),
  kind: z.enum(REPORT_KINDS, { error: `Unknown kind. Use one of: ${REPORT_KINDS.join(', ')}.` }).optional(),
});
export type ServiceReportInput = z.infer<typeof serviceReportInputSchema>;

export const serviceReportResponseSchema = z.object({ id: z.string(), received: z.literal(true) });
export type ServiceReportResponse = z.infer<typeof serviceReportResponseSchema>;
