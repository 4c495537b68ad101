/**
 * The read API of HSDS 3.0 (openapi.json of the specification), served under /hsds/ so other
 * directories can consume Ellis's data: the paging envelope, `/services` with search,
 * taxonomy_term_id and organization_id, `/services/{id}`, `/service_at_locations` with postcode and
 * proximity, and `/taxonomy_terms`.
 */
import { AppError } from '../../app-error.ts';
import { placeOfZip } from './gazetteer.ts';
import { distanceMetres } from './geo.ts';
import { assembleServices, rowToObject } from './hsds-records.ts';
import type { HsdsObject } from './hsds-validator.ts';
import type { DirectoryRepository } from './repository.ts';

export interface HsdsPage {
  total_items: number;
  total_pages: number;
  page_number: number;
  size: number;
  first_page: boolean;
  last_page: boolean;
  empty: boolean;
  contents: HsdsObject[];
}

export interface PageInput {
  page: number;
  perPage: number;
}

function envelope(contents: HsdsObject[], total: number, { page, perPage }: PageInput): HsdsPage {
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  return {
    total_items: total,
    total_pages: totalPages,
    page_number: page,
    size: contents.length,
    first_page: page === 1,
    last_page: page >= totalPages,
    empty: contents.length === 0,
    contents,
  };
}

export class HsdsApiService {
  readonly #repository: DirectoryRepository;

  constructor(deps: { repository: DirectoryRepository }) {
    this.#repository = deps.repository;
  }

  async services(filter: { search: string | null; taxonomyTermId: string | null; organizationId: string | null } & PageInput): Promise<HsdsPage> {
    const { ids, total } = await this.#repository.pageServiceIds(filter);
    const contents = ids.length === 0 ? [] : assembleServices(await this.#repository.readServiceRows(ids));
    return envelope(contents, total, filter);
  }

  async service(id: string): Promise<HsdsObject> {
    const [service] = assembleServices(await this.#repository.readServiceRows([id]));
    if (!service) throw new AppError(404, 'service_not_found', 'Service not found.');
    return service;
  }

  /**
   * With `proximity` (metres), the service-at-locations within that distance of the postcode's
   * centroid, nearest first; with `postcode` alone, those whose location has that postcode.
   */
  async serviceAtLocations(
    filter: { search: string | null; taxonomyTermId: string | null; organizationId: string | null; postcode: string | null; proximityM: number | null } & PageInput,
  ): Promise<HsdsPage> {
    let centre: { lat: number; lng: number } | null = null;
    if (filter.proximityM !== null) {
      if (!filter.postcode) throw new AppError(400, 'invalid_query', 'proximity needs a postcode to measure from.');
      centre = placeOfZip(filter.postcode);
      if (!centre) throw new AppError(400, 'unknown_postcode', 'That postcode is not a Bay Area ZIP code Ellis knows.');
    }
    let rows = await this.#repository.serviceAtLocationsWithPlace({
      search: filter.search,
      taxonomyTermId: filter.taxonomyTermId,
      organizationId: filter.organizationId,
      postcode: centre ? null : filter.postcode,
    });
    if (centre) {
      const from = centre;
      const withDistance = rows
        .filter((row) => row.latitude !== null && row.longitude !== null)
        .map((row) => ({ row, distance: distanceMetres(from.lat, from.lng, row.latitude!, row.longitude!) }))
        .filter((entry) => entry.distance <= filter.proximityM!);
      withDistance.sort((a, b) => a.distance - b.distance || a.row.id.localeCompare(b.row.id));
      rows = withDistance.map((entry) => entry.row);
    }
    const page = rows.slice((filter.page - 1) * filter.perPage, filter.page * filter.perPage);
    const services = new Map(
      assembleServices(await this.#repository.readServiceRows([...new Set(page.map((row) => row.service_id))])).map((service) => [String(service.id), service]),
    );
    const contents = page.map((row) => {
      const service = services.get(row.service_id);
      const serviceAtLocation = (Array.isArray(service?.service_at_locations) ? (service.service_at_locations as HsdsObject[]) : []).find(
        (candidate) => candidate.id === row.id,
      );
      const { service_at_locations: _nested, ...serviceFields } = service ?? {};
      return { ...(serviceAtLocation ?? { id: row.id, service_id: row.service_id, location_id: row.location_id }), service: serviceFields };
    });
    return envelope(contents, rows.length, filter);
  }

  async taxonomyTerms(filter: { search: string | null; taxonomyId: string | null } & PageInput): Promise<HsdsPage> {
    const { taxonomyTerms } = await this.#repository.readTaxonomies();
    const needle = filter.search?.toLowerCase() ?? null;
    const matching = taxonomyTerms
      .filter((row) => !filter.taxonomyId || row.taxonomy_id === filter.taxonomyId)
      .filter((row) => !needle || `${row.name ?? ''} ${row.code ?? ''} ${row.description ?? ''}`.toLowerCase().includes(needle))
      .sort((a, b) => String(a.name).localeCompare(String(b.name)) || String(a.id).localeCompare(String(b.id)));
    const contents = matching.slice((filter.page - 1) * filter.perPage, filter.page * filter.perPage).map((row) => rowToObject('taxonomy_term', row));
    return envelope(contents, matching.length, filter);
  }
}
