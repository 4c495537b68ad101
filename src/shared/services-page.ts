/**
 * "Services near you" on /resources: the form's query parameters, read the same
 * way by the server (which renders the results per request, so the page works without JavaScript)
 * and by the browser (which hydrates what the server rendered).
 *
 * Parameters: near (place text or "lat,lng"), need (a category id), tag (repeated, eligibility and
 * access tags), open_now=true. They do not collide with the SPEC directory's q and category.
 */
import { isCategoryId, type CategoryId } from './resource-directory.ts';
import { MAX_SERVICE_QUERY_LENGTH, SERVICE_TAGS, type ServiceSearchQuery, type ServicesResponse, type ServiceTag } from './services-api.ts';

export interface ServicesForm {
  near: string;
  need: CategoryId | null;
  tags: ServiceTag[];
  openNow: boolean;
}

export interface ServicesPageData {
  form: ServicesForm;
  /** Null when the form was not used, or the search failed. */
  response: ServicesResponse | null;
  failed: boolean;
}

/** The tags the page leaves out of its filters (a link may still carry them: servicesFormFromParams reads every tag). */
const TAGS_NOT_OFFERED_AS_FILTERS: readonly ServiceTag[] = ['appointment', 'referral', 'drive-thru', 'enrollment-required', 'unhoused'];

/** The eligibility and access filters the page offers, in the order shown (the order of SERVICE_TAGS). */
export const SERVICE_FILTER_TAGS: readonly ServiceTag[] = SERVICE_TAGS.filter((tag) => !TAGS_NOT_OFFERED_AS_FILTERS.includes(tag));

export const SERVICES_PAGE_LIMIT = 10;
export const SERVICES_SECTION_ID = 'services-near-you';

const TAGS = new Set<string>(SERVICE_TAGS);

export function servicesFormFromParams(params: URLSearchParams): ServicesForm {
  const need = params.get('need');
  const tags = params.getAll('tag').filter((tag): tag is ServiceTag => TAGS.has(tag));
  return {
    near: (params.get('near') ?? '').trim().slice(0, MAX_SERVICE_QUERY_LENGTH),
    need: isCategoryId(need) ? need : null,
    tags: [...new Set(tags)],
    openNow: params.get('open_now') === 'true',
  };
}

/** True when the person asked for services: a place or a need. */
export function servicesFormUsed(form: ServicesForm): boolean {
  return form.near !== '' || form.need !== null;
}

export function servicesSearchQuery(form: ServicesForm): ServiceSearchQuery {
  const query: ServiceSearchQuery = { limit: SERVICES_PAGE_LIMIT };
  if (form.near) query.near = form.near;
  if (form.need) query.category = form.need;
  if (form.tags.length > 0) query.tags = form.tags;
  if (form.openNow) query.openNow = true;
  return query;
}

/** Directions to a service from wherever the person is: the address, or the coordinates. */
export function directionsUrl(location: { lat: number | null; lng: number | null; address: { address_1: string; city: string; postal_code: string } | null }): string | null {
  const destination = location.address
    ? `${location.address.address_1}, ${location.address.city}, CA ${location.address.postal_code}`
    : location.lat !== null && location.lng !== null
      ? `${location.lat},${location.lng}`
      : null;
  return destination ? `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}` : null;
}
