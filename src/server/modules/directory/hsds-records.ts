/**
 * Between nested HSDS 3.0 service objects (the `/services/{id}` shape) and table rows: `flatten` for
 * the importer, `assemble` for the export and the /hsds/ API. A round trip gives back the same
 * object, except that fields equal to null are left out.
 */
import { HSDS_TABLES, type HsdsObjectName } from './hsds-tables.ts';
import type { HsdsObject } from './hsds-validator.ts';

export type Row = Record<string, string | number | null>;
export type TableRows = Record<HsdsObjectName, Map<string, Row>>;

export function emptyTableRows(): TableRows {
  const rows = {} as TableRows;
  for (const name of Object.keys(HSDS_TABLES) as HsdsObjectName[]) rows[name] = new Map();
  return rows;
}

function isObject(value: unknown): value is HsdsObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objects(value: unknown): HsdsObject[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

interface Provenance {
  source: string;
  assuredDate: string | null;
}

function toRow(name: HsdsObjectName, value: HsdsObject, provenance: Provenance, defaults: Row = {}, position = 0): Row {
  const spec = HSDS_TABLES[name];
  const row: Row = { source: provenance.source, assured_date: provenance.assuredDate, extras: null, position };
  for (const [column, type] of Object.entries(spec.columns)) {
    const raw = value[column] ?? defaults[column] ?? null;
    if (raw === null || raw === undefined) row[column] = null;
    else if (type === 'number') row[column] = typeof raw === 'number' ? raw : Number(raw);
    else row[column] = typeof raw === 'string' ? raw : String(raw);
  }
  const extras: HsdsObject = {};
  for (const key of spec.extras) if (value[key] !== undefined && value[key] !== null) extras[key] = value[key];
  if (Object.keys(extras).length > 0) row.extras = JSON.stringify(extras);
  return row;
}

function addAttributesAndMetadata(rows: TableRows, owner: HsdsObject, entity: string, provenance: Provenance): void {
  const id = String(owner.id);
  for (const [position, attribute] of objects(owner.attributes).entries()) {
    rows.attribute.set(String(attribute.id), toRow('attribute', attribute, provenance, { link_id: id, link_entity: entity }, position));
    const term = attribute.taxonomy_term;
    if (isObject(term)) {
      rows.taxonomy_term.set(String(term.id), toRow('taxonomy_term', term, provenance));
      if (isObject(term.taxonomy_detail)) rows.taxonomy.set(String(term.taxonomy_detail.id), toRow('taxonomy', term.taxonomy_detail, provenance));
    }
  }
  for (const [position, metadata] of objects(owner.metadata).entries()) {
    rows.metadata.set(String(metadata.id), toRow('metadata', metadata, provenance, { resource_id: id, resource_type: entity }, position));
  }
}

function addPhones(rows: TableRows, owner: HsdsObject, key: string, provenance: Provenance): void {
  for (const [position, phone] of objects(owner.phones).entries()) {
    rows.phone.set(String(phone.id), toRow('phone', phone, provenance, { [key]: String(owner.id) }, position));
    addAttributesAndMetadata(rows, phone, 'phone', provenance);
  }
}

function addSchedules(rows: TableRows, owner: HsdsObject, key: string, provenance: Provenance): void {
  for (const [position, schedule] of objects(owner.schedules).entries()) {
    rows.schedule.set(String(schedule.id), toRow('schedule', schedule, provenance, { [key]: String(owner.id) }, position));
    addAttributesAndMetadata(rows, schedule, 'schedule', provenance);
  }
}

function addOrganization(rows: TableRows, organization: HsdsObject, provenance: Provenance): void {
  rows.organization.set(String(organization.id), toRow('organization', organization, provenance));
  addPhones(rows, organization, 'organization_id', provenance);
  addAttributesAndMetadata(rows, organization, 'organization', provenance);
}

function addLocation(rows: TableRows, location: HsdsObject, provenance: Provenance): void {
  rows.location.set(String(location.id), toRow('location', location, provenance));
  for (const [position, address] of objects(location.addresses).entries()) {
    rows.address.set(String(address.id), toRow('address', address, provenance, { location_id: String(location.id) }, position));
    addAttributesAndMetadata(rows, address, 'address', provenance);
  }
  addPhones(rows, location, 'location_id', provenance);
  addSchedules(rows, location, 'location_id', provenance);
  addAttributesAndMetadata(rows, location, 'location', provenance);
}

/** Adds one nested service's rows (organization, locations, phones, schedules, attributes…). */
export function flattenService(rows: TableRows, service: HsdsObject, source: string): void {
  const provenance: Provenance = { source, assuredDate: typeof service.assured_date === 'string' ? service.assured_date : null };
  const serviceId = String(service.id);
  const organization = service.organization;
  const organizationId = isObject(organization) ? String(organization.id) : (service.organization_id ?? null);
  rows.service.set(serviceId, toRow('service', service, provenance, { organization_id: organizationId as string | null }));
  if (isObject(organization)) addOrganization(rows, organization, provenance);
  addPhones(rows, service, 'service_id', provenance);
  addSchedules(rows, service, 'service_id', provenance);
  addAttributesAndMetadata(rows, service, 'service', provenance);
  for (const [position, serviceAtLocation] of objects(service.service_at_locations).entries()) {
    const location = serviceAtLocation.location;
    const locationId = isObject(location) ? String(location.id) : (serviceAtLocation.location_id ?? null);
    rows.service_at_location.set(
      String(serviceAtLocation.id),
      toRow('service_at_location', serviceAtLocation, provenance, { service_id: serviceId, location_id: locationId as string | null }, position),
    );
    addPhones(rows, serviceAtLocation, 'service_at_location_id', provenance);
    addSchedules(rows, serviceAtLocation, 'service_at_location_id', provenance);
    addAttributesAndMetadata(rows, serviceAtLocation, 'service_at_location', provenance);
    if (isObject(location)) addLocation(rows, location, provenance);
  }
}

/** Taxonomies and terms given on their own (HSDS /taxonomies and /taxonomy_terms). */
export function flattenTaxonomy(rows: TableRows, name: 'taxonomy' | 'taxonomy_term', value: HsdsObject, source: string): void {
  rows[name].set(String(value.id), toRow(name, value, { source, assuredDate: null }));
}

/** A row back to its HSDS object: null fields left out, extras merged back. */
export function rowToObject(name: HsdsObjectName, row: Row): HsdsObject {
  const result: HsdsObject = {};
  for (const column of Object.keys(HSDS_TABLES[name].columns)) {
    const value = row[column];
    if (value !== null && value !== undefined) result[column] = value;
  }
  if (name === 'service' && row.assured_date !== null && row.assured_date !== undefined) result.assured_date = row.assured_date;
  if (typeof row.extras === 'string') Object.assign(result, JSON.parse(row.extras) as HsdsObject);
  return result;
}

/** All rows the assembler needs, grouped by table. */
export interface AssemblyRows {
  services: Row[];
  organizations: Row[];
  serviceAtLocations: Row[];
  locations: Row[];
  addresses: Row[];
  phones: Row[];
  schedules: Row[];
  attributes: Row[];
  taxonomyTerms: Row[];
  taxonomies: Row[];
  metadata: Row[];
}

function groupBy(rows: Row[], key: string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const value = row[key];
    if (value === null || value === undefined) continue;
    const list = groups.get(String(value));
    if (list) list.push(row);
    else groups.set(String(value), [row]);
  }
  return groups;
}

function byId<T extends Row>(rows: T[]): Map<string, T> {
  return new Map(rows.map((row) => [String(row.id), row]));
}

/** Nested `/services/{id}` objects, in the order of `rows.services`. */
export function assembleServices(rows: AssemblyRows): HsdsObject[] {
  const organizations = byId(rows.organizations);
  const locations = byId(rows.locations);
  const terms = byId(rows.taxonomyTerms);
  const taxonomies = byId(rows.taxonomies);
  const salsByService = groupBy(rows.serviceAtLocations, 'service_id');
  const addressesByLocation = groupBy(rows.addresses, 'location_id');
  const phonesBy = {
    service_id: groupBy(rows.phones, 'service_id'),
    organization_id: groupBy(rows.phones, 'organization_id'),
    location_id: groupBy(rows.phones, 'location_id'),
    service_at_location_id: groupBy(rows.phones, 'service_at_location_id'),
  };
  const schedulesBy = {
    service_id: groupBy(rows.schedules, 'service_id'),
    location_id: groupBy(rows.schedules, 'location_id'),
    service_at_location_id: groupBy(rows.schedules, 'service_at_location_id'),
  };
  const attributesByLink = groupBy(rows.attributes, 'link_id');
  const metadataByResource = groupBy(rows.metadata, 'resource_id');

  const withLinks = (name: HsdsObjectName, row: Row): HsdsObject => {
    const object = rowToObject(name, row);
    const id = String(row.id);
    object.attributes = (attributesByLink.get(id) ?? []).map((attributeRow) => {
      const attribute = rowToObject('attribute', attributeRow);
      const termRow = attributeRow.taxonomy_term_id ? terms.get(String(attributeRow.taxonomy_term_id)) : undefined;
      if (termRow) {
        const term = rowToObject('taxonomy_term', termRow);
        const taxonomyRow = termRow.taxonomy_id ? taxonomies.get(String(termRow.taxonomy_id)) : undefined;
        if (taxonomyRow) term.taxonomy_detail = rowToObject('taxonomy', taxonomyRow);
        attribute.taxonomy_term = term;
      }
      return attribute;
    });
    object.metadata = (metadataByResource.get(id) ?? []).map((metadataRow) => rowToObject('metadata', metadataRow));
    return object;
  };
  const phonesOf = (key: keyof typeof phonesBy, id: string) => (phonesBy[key].get(id) ?? []).map((row) => withLinks('phone', row));
  const schedulesOf = (key: keyof typeof schedulesBy, id: string) =>
    (schedulesBy[key].get(id) ?? []).map((row) => withLinks('schedule', row));

  return rows.services.map((serviceRow) => {
    const id = String(serviceRow.id);
    const service = withLinks('service', serviceRow);
    service.phones = phonesOf('service_id', id);
    service.schedules = schedulesOf('service_id', id);
    const organizationRow = serviceRow.organization_id ? organizations.get(String(serviceRow.organization_id)) : undefined;
    if (organizationRow) {
      const organization = withLinks('organization', organizationRow);
      organization.phones = phonesOf('organization_id', String(organizationRow.id));
      service.organization = organization;
    }
    service.service_at_locations = (salsByService.get(id) ?? []).map((salRow) => {
      const serviceAtLocation = withLinks('service_at_location', salRow);
      serviceAtLocation.phones = phonesOf('service_at_location_id', String(salRow.id));
      serviceAtLocation.schedules = schedulesOf('service_at_location_id', String(salRow.id));
      const locationRow = salRow.location_id ? locations.get(String(salRow.location_id)) : undefined;
      if (locationRow) {
        const location = withLinks('location', locationRow);
        location.addresses = (addressesByLocation.get(String(locationRow.id)) ?? []).map((row) => withLinks('address', row));
        location.phones = phonesOf('location_id', String(locationRow.id));
        location.schedules = schedulesOf('location_id', String(locationRow.id));
        serviceAtLocation.location = location;
      }
      return serviceAtLocation;
    });
    return service;
  });
}
