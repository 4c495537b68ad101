import { sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseSchema, DirectoryReportsTable } from '../../db/schema.ts';
import { EXTRA_COLUMNS, HSDS_TABLES, type HsdsObjectName, type HsdsTableName } from './hsds-tables.ts';
import type { AssemblyRows, Row, TableRows } from './hsds-records.ts';

/** Ids per `in (…)` list: far below SQLite's and PostgreSQL's bound-parameter limits. */
const IDS_PER_STATEMENT = 500;
/** Bound parameters per multi-row insert. */
const PARAMETERS_PER_INSERT = 10_000;

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** Every column of an HSDS table, in a fixed order (HSDS fields, then provenance). */
function columnsOf(name: HsdsObjectName): string[] {
  return [...Object.keys(HSDS_TABLES[name].columns), ...EXTRA_COLUMNS];
}

export interface ServicePageFilter {
  search: string | null;
  taxonomyTermId: string | null;
  organizationId: string | null;
  page: number;
  perPage: number;
}

export interface ServiceAtLocationFilter {
  search: string | null;
  taxonomyTermId: string | null;
  organizationId: string | null;
  postcode: string | null;
  page: number;
  perPage: number;
}

/** Directory SQL: HSDS tables, reports, and the revision counter the search cache watches. */
export class DirectoryRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async revision(): Promise<number> {
    const row = await this.#db.selectFrom('directory_state').select('revision').where('id', '=', 1).executeTakeFirst();
    return Number(row?.revision ?? 0);
  }

  async serviceCount(): Promise<number> {
    const row = await this.#db.selectFrom('hsds_service').select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async serviceExists(id: string): Promise<boolean> {
    return (await this.#db.selectFrom('hsds_service').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  /**
   * Writes an import in one transaction: with `replace` the directory is emptied first; otherwise the
   * imported services' own children (phones, schedules, service-at-locations, attributes, metadata)
   * and the imported locations' and organizations' children are replaced, and every record is
   * written over any earlier version with the same id. Bumps the revision.
   */
  async writeImport(rows: TableRows, options: { replace: boolean; now: string }): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      if (options.replace) {
        for (const spec of Object.values(HSDS_TABLES)) await trx.deleteFrom(spec.table).execute();
      } else {
        await this.#deleteChildren(trx, rows);
      }
      for (const name of Object.keys(HSDS_TABLES) as HsdsObjectName[]) {
        const table = HSDS_TABLES[name].table;
        const tableRows = [...rows[name].values()];
        for (const ids of chunks(tableRows.map((row) => String(row.id)), IDS_PER_STATEMENT)) {
          await trx.deleteFrom(table).where('id', 'in', ids).execute();
        }
        const columns = columnsOf(name);
        for (const batch of chunks(tableRows, Math.max(1, Math.floor(PARAMETERS_PER_INSERT / columns.length)))) {
          const values = batch.map((row) => Object.fromEntries(columns.map((column) => [column, row[column] ?? null])));
          await trx.insertInto(table).values(values as never).execute();
        }
      }
      await trx
        .updateTable('directory_state')
        .set({ revision: sql`revision + 1`, updated_at: options.now })
        .where('id', '=', 1)
        .execute();
    });
  }

  async #deleteChildren(trx: Db, rows: TableRows): Promise<void> {
    const serviceIds = [...rows.service.keys()];
    const locationIds = [...rows.location.keys()];
    const organizationIds = [...rows.organization.keys()];
    for (const ids of chunks(serviceIds, IDS_PER_STATEMENT)) {
      const oldSals = trx.selectFrom('hsds_service_at_location').select('id').where('service_id', 'in', ids);
      const ownedIds = trx.selectFrom('hsds_service_at_location').select('id').where('service_id', 'in', ids);
      await trx.deleteFrom('hsds_phone').where((eb) => eb.or([eb('service_id', 'in', ids), eb('service_at_location_id', 'in', oldSals)])).execute();
      await trx.deleteFrom('hsds_schedule').where((eb) => eb.or([eb('service_id', 'in', ids), eb('service_at_location_id', 'in', oldSals)])).execute();
      await trx.deleteFrom('hsds_attribute').where((eb) => eb.or([eb('link_id', 'in', ids), eb('link_id', 'in', ownedIds)])).execute();
      await trx.deleteFrom('hsds_metadata').where((eb) => eb.or([eb('resource_id', 'in', ids), eb('resource_id', 'in', ownedIds)])).execute();
      await trx.deleteFrom('hsds_service_at_location').where('service_id', 'in', ids).execute();
    }
    for (const ids of chunks(locationIds, IDS_PER_STATEMENT)) {
      const addresses = trx.selectFrom('hsds_address').select('id').where('location_id', 'in', ids);
      await trx.deleteFrom('hsds_attribute').where((eb) => eb.or([eb('link_id', 'in', ids), eb('link_id', 'in', addresses)])).execute();
      await trx.deleteFrom('hsds_metadata').where((eb) => eb.or([eb('resource_id', 'in', ids), eb('resource_id', 'in', addresses)])).execute();
      await trx.deleteFrom('hsds_address').where('location_id', 'in', ids).execute();
      await trx.deleteFrom('hsds_phone').where('location_id', 'in', ids).execute();
      await trx.deleteFrom('hsds_schedule').where('location_id', 'in', ids).execute();
    }
    for (const ids of chunks(organizationIds, IDS_PER_STATEMENT)) {
      await trx.deleteFrom('hsds_phone').where('organization_id', 'in', ids).execute();
      await trx.deleteFrom('hsds_attribute').where('link_id', 'in', ids).execute();
      await trx.deleteFrom('hsds_metadata').where('resource_id', 'in', ids).execute();
    }
  }

  async #selectByColumn(table: HsdsTableName, column: string, values: readonly string[] | 'all'): Promise<Row[]> {
    // Ordered so an export lists children as they were imported, on either database.
    if (values === 'all') return (await this.#db.selectFrom(table).selectAll().orderBy('position').orderBy('id').execute()) as Row[];
    const result: Row[] = [];
    for (const batch of chunks([...new Set(values)], IDS_PER_STATEMENT)) {
      result.push(...((await this.#db.selectFrom(table).selectAll().where(column as 'id', 'in', batch).execute()) as Row[]));
    }
    return result.sort((a, b) => Number(a.position) - Number(b.position) || String(a.id).localeCompare(String(b.id)));
  }

  /** Rows that may hang off any of several owners (a phone of a service, a location or an organization), each once. */
  async #selectOwnedBy(all: boolean, table: HsdsTableName, owners: ReadonlyArray<[column: string, ids: readonly string[]]>): Promise<Row[]> {
    if (all) return this.#selectByColumn(table, 'id', 'all');
    const rows: Row[] = [];
    for (const [column, ownerIds] of owners) rows.push(...(await this.#selectByColumn(table, column, ownerIds)));
    return dedupe(rows);
  }

  /**
   * The rows that make up the given services (or every service), for hsds-records.ts#assembleServices.
   * Services come back ordered by name then id.
   */
  async readServiceRows(serviceIds: readonly string[] | 'all'): Promise<AssemblyRows> {
    const all = serviceIds === 'all';
    const services = await this.#selectByColumn('hsds_service', 'id', serviceIds);
    services.sort((a, b) => String(a.name).localeCompare(String(b.name)) || String(a.id).localeCompare(String(b.id)));
    if (serviceIds !== 'all') {
      const order = new Map(serviceIds.map((id, index) => [id, index]));
      services.sort((a, b) => (order.get(String(a.id)) ?? 0) - (order.get(String(b.id)) ?? 0));
    }
    const ids = services.map((row) => String(row.id));
    const organizationIds = services.map((row) => row.organization_id).filter((id): id is string => typeof id === 'string');
    const serviceAtLocations = await this.#selectByColumn('hsds_service_at_location', 'service_id', all ? 'all' : ids);
    const salIds = serviceAtLocations.map((row) => String(row.id));
    const locationIds = serviceAtLocations.map((row) => row.location_id).filter((id): id is string => typeof id === 'string');
    const [organizations, locations, addresses] = [
      await this.#selectByColumn('hsds_organization', 'id', all ? 'all' : organizationIds),
      await this.#selectByColumn('hsds_location', 'id', all ? 'all' : locationIds),
      await this.#selectByColumn('hsds_address', 'location_id', all ? 'all' : locationIds),
    ];
    const phones = await this.#selectOwnedBy(all, 'hsds_phone', [
      ['service_id', ids],
      ['service_at_location_id', salIds],
      ['location_id', locationIds],
      ['organization_id', organizationIds],
    ]);
    const schedules = await this.#selectOwnedBy(all, 'hsds_schedule', [
      ['service_id', ids],
      ['service_at_location_id', salIds],
      ['location_id', locationIds],
    ]);
    const ownerIds = [
      ...ids,
      ...salIds,
      ...locationIds,
      ...organizationIds,
      ...addresses.map((row) => String(row.id)),
      ...phones.map((row) => String(row.id)),
      ...schedules.map((row) => String(row.id)),
    ];
    const attributes = await this.#selectByColumn('hsds_attribute', 'link_id', all ? 'all' : ownerIds);
    const metadata = await this.#selectByColumn('hsds_metadata', 'resource_id', all ? 'all' : ownerIds);
    const termIds = attributes.map((row) => row.taxonomy_term_id).filter((id): id is string => typeof id === 'string');
    const taxonomyTerms = await this.#selectByColumn('hsds_taxonomy_term', 'id', all ? 'all' : termIds);
    const taxonomyIds = taxonomyTerms.map((row) => row.taxonomy_id).filter((id): id is string => typeof id === 'string');
    const taxonomies = await this.#selectByColumn('hsds_taxonomy', 'id', all ? 'all' : taxonomyIds);
    return { services, organizations, serviceAtLocations, locations, addresses, phones, schedules, attributes, taxonomyTerms, taxonomies, metadata };
  }

  async readTaxonomies(): Promise<{ taxonomies: Row[]; taxonomyTerms: Row[] }> {
    return {
      taxonomies: await this.#selectByColumn('hsds_taxonomy', 'id', 'all'),
      taxonomyTerms: await this.#selectByColumn('hsds_taxonomy_term', 'id', 'all'),
    };
  }

  /** One page of service ids for /hsds/services, ordered by name then id, and the total. */
  async pageServiceIds(filter: ServicePageFilter): Promise<{ ids: string[]; total: number }> {
    let query = this.#db.selectFrom('hsds_service as s');
    if (filter.search) {
      const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(s.name)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(coalesce(s.description, ''))`, 'like', sql`${pattern} escape '\\'`),
        ]),
      );
    }
    if (filter.taxonomyTermId) {
      const termId = filter.taxonomyTermId;
      query = query.where((eb) =>
        eb.exists(eb.selectFrom('hsds_attribute as a').select('a.id').whereRef('a.link_id', '=', 's.id').where('a.taxonomy_term_id', '=', termId)),
      );
    }
    if (filter.organizationId) query = query.where('s.organization_id', '=', filter.organizationId);
    const total = await query.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
    const rows = await query
      .select('s.id')
      .orderBy('s.name')
      .orderBy('s.id')
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage)
      .execute();
    return { ids: rows.map((row) => String(row.id)), total: Number(total.count) };
  }

  /** Service-at-location rows with their location's coordinates and postcodes, for /hsds/service_at_locations. */
  async serviceAtLocationsWithPlace(filter: Omit<ServiceAtLocationFilter, 'page' | 'perPage'>): Promise<
    Array<{ id: string; service_id: string; location_id: string | null; latitude: number | null; longitude: number | null; service_name: string }>
  > {
    let query = this.#db
      .selectFrom('hsds_service_at_location as sal')
      .innerJoin('hsds_service as s', 's.id', 'sal.service_id')
      .leftJoin('hsds_location as l', 'l.id', 'sal.location_id')
      .select(['sal.id as id', 'sal.service_id as service_id', 'sal.location_id as location_id', 'l.latitude as latitude', 'l.longitude as longitude', 's.name as service_name']);
    if (filter.search) {
      const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where(sql<boolean>`lower(s.name) like ${pattern} escape '\\'`);
    }
    if (filter.taxonomyTermId) {
      const termId = filter.taxonomyTermId;
      query = query.where((eb) =>
        eb.exists(eb.selectFrom('hsds_attribute as a').select('a.id').whereRef('a.link_id', '=', 's.id').where('a.taxonomy_term_id', '=', termId)),
      );
    }
    if (filter.organizationId) query = query.where('s.organization_id', '=', filter.organizationId);
    if (filter.postcode) {
      const postcode = filter.postcode;
      query = query.where((eb) =>
        eb.exists(eb.selectFrom('hsds_address as ad').select('ad.id').whereRef('ad.location_id', '=', 'sal.location_id').where('ad.postal_code', '=', postcode)),
      );
    }
    const rows = await query.orderBy('s.name').orderBy('sal.id').execute();
    return rows.map((row) => ({
      id: String(row.id),
      service_id: String(row.service_id),
      location_id: row.location_id === null ? null : String(row.location_id),
      latitude: row.latitude === null ? null : Number(row.latitude),
      longitude: row.longitude === null ? null : Number(row.longitude),
      service_name: String(row.service_name),
    }));
  }

  async readServiceAtLocation(id: string): Promise<Row | undefined> {
    return (await this.#db.selectFrom('hsds_service_at_location').selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
  }

  async insertReport(report: DirectoryReportsTable): Promise<void> {
    await this.#db.insertInto('directory_reports').values(report).execute();
  }

  /** True when a report with that id was still new. */
  async resolveReport(id: string): Promise<boolean> {
    const result = await this.#db.updateTable('directory_reports').set({ status: 'resolved' }).where('id', '=', id).where('status', '=', 'new').executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async listReports(status: DirectoryReportsTable['status']): Promise<DirectoryReportsTable[]> {
    return this.#db.selectFrom('directory_reports').selectAll().where('status', '=', status).orderBy('created_at').orderBy('id').execute();
  }
}

function dedupe(rows: Row[]): Row[] {
  return [...new Map(rows.map((row) => [String(row.id), row])).values()];
}
