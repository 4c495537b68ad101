/**
 * The HSDS 3.0 tabular form: a folder of CSV files described by a datapackage.json (Frictionless
 * tabular data package). Each service is rebuilt as the nested `/services/{id}` object and then
 * validated and imported exactly like JSON input.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { ImportInputError, type InputRecord } from './importer.ts';
import type { HsdsObject } from './hsds-validator.ts';

interface Field {
  name: string;
  type?: string;
}

interface Resource {
  name: string;
  path: string;
  schema?: { fields?: Field[] };
}

/** HSDS table file names when a folder has no datapackage.json. */
const DEFAULT_PATHS: Record<string, string[]> = {
  organization: ['organizations.csv', 'organization.csv'],
  service: ['services.csv', 'service.csv'],
  location: ['locations.csv', 'location.csv'],
  service_at_location: ['service_at_location.csv', 'service_at_locations.csv'],
  address: ['addresses.csv', 'address.csv'],
  phone: ['phones.csv', 'phone.csv'],
  schedule: ['schedules.csv', 'schedule.csv'],
  service_area: ['service_areas.csv', 'service_area.csv'],
  language: ['languages.csv', 'language.csv'],
  required_document: ['required_documents.csv', 'required_document.csv'],
  attribute: ['attributes.csv', 'attribute.csv'],
  metadata: ['metadata.csv'],
  taxonomy: ['taxonomies.csv', 'taxonomy.csv'],
  taxonomy_term: ['taxonomy_terms.csv', 'taxonomy_term.csv'],
};

interface Table {
  file: string;
  rows: Array<{ line: number; value: HsdsObject }>;
}

function convert(value: string, type: string | undefined): unknown {
  if (type === 'number' || type === 'integer') {
    const number = Number(value);
    return Number.isFinite(number) ? number : value;
  }
  if (type === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
  return value;
}

function readTable(folder: string, resource: Resource): Table {
  const file = join(folder, resource.path);
  const types = new Map((resource.schema?.fields ?? []).map((field) => [field.name, field.type]));
  let records: Array<Record<string, string>>;
  try {
    records = parse(readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true, bom: true, relax_column_count: false });
  } catch (error) {
    throw new ImportInputError(`${resource.path} cannot be read as CSV: ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    file: resource.path,
    rows: records.map((record, index) => {
      const value: HsdsObject = {};
      // An empty cell is an absent field, not an empty string.
      for (const [name, cell] of Object.entries(record)) if (cell !== '') value[name] = convert(cell, types.get(name));
      return { line: index + 1, value };
    }),
  };
}

function resourcesOf(folder: string): Resource[] {
  const packagePath = join(folder, 'datapackage.json');
  if (existsSync(packagePath)) {
    const document = JSON.parse(readFileSync(packagePath, 'utf8')) as { resources?: Resource[] };
    return (document.resources ?? []).filter((resource) => existsSync(join(folder, resource.path)));
  }
  const resources: Resource[] = [];
  for (const [name, paths] of Object.entries(DEFAULT_PATHS)) {
    const path = paths.find((candidate) => existsSync(join(folder, candidate)));
    if (path) resources.push({ name, path });
  }
  return resources;
}

function index(table: Table | undefined, key: string): Map<string, HsdsObject[]> {
  const groups = new Map<string, HsdsObject[]>();
  for (const { value } of table?.rows ?? []) {
    const id = value[key];
    if (typeof id !== 'string') continue;
    const list = groups.get(id);
    if (list) list.push(value);
    else groups.set(id, [value]);
  }
  return groups;
}

/** Input records (taxonomies, terms, then nested services) from a tabular HSDS folder. */
export function readTabularRecords(folder: string): InputRecord[] {
  const tables = new Map<string, Table>();
  for (const resource of resourcesOf(folder)) tables.set(resource.name, readTable(folder, resource));
  const services = tables.get('service');
  if (!services) throw new ImportInputError(`${folder} has no services table (services.csv).`);

  const byId = (name: string) => new Map((tables.get(name)?.rows ?? []).map(({ value }) => [String(value.id), value]));
  const organizations = byId('organization');
  const locations = byId('location');
  const terms = byId('taxonomy_term');
  const taxonomyTable = tables.get('taxonomy');
  const attributesByLink = index(tables.get('attribute'), 'link_id');
  const metadataByResource = index(tables.get('metadata'), 'resource_id');
  const sal = index(tables.get('service_at_location'), 'service_id');
  const addresses = index(tables.get('address'), 'location_id');
  const phones = { service_id: index(tables.get('phone'), 'service_id'), location_id: index(tables.get('phone'), 'location_id'), service_at_location_id: index(tables.get('phone'), 'service_at_location_id'), organization_id: index(tables.get('phone'), 'organization_id') };
  const schedules = { service_id: index(tables.get('schedule'), 'service_id'), location_id: index(tables.get('schedule'), 'location_id'), service_at_location_id: index(tables.get('schedule'), 'service_at_location_id') };
  const serviceChildren = ['service_area', 'language', 'required_document', 'cost_option', 'funding', 'contact'] as const;
  const childrenByService = Object.fromEntries(serviceChildren.map((name) => [name, index(tables.get(name), 'service_id')]));
  const languagesByLocation = index(tables.get('language'), 'location_id');
  const accessibilityByLocation = index(tables.get('accessibility'), 'location_id');

  const linked = (value: HsdsObject): HsdsObject => {
    const id = String(value.id);
    const result: HsdsObject = { ...value };
    const attributes = attributesByLink.get(id);
    if (attributes) {
      result.attributes = attributes.map((attribute) => {
        const term = typeof attribute.taxonomy_term_id === 'string' ? terms.get(attribute.taxonomy_term_id) : undefined;
        return term ? { ...attribute, taxonomy_term: term } : attribute;
      });
    }
    const metadata = metadataByResource.get(id);
    if (metadata) result.metadata = metadata;
    return result;
  };
  const plural: Record<(typeof serviceChildren)[number], string> = {
    service_area: 'service_areas',
    language: 'languages',
    required_document: 'required_documents',
    cost_option: 'cost_options',
    funding: 'funding',
    contact: 'contacts',
  };

  const records: InputRecord[] = [];
  for (const { line, value } of taxonomyTable?.rows ?? []) records.push({ where: `${taxonomyTable!.file} row ${line}`, kind: 'taxonomy', value });
  const termTable = tables.get('taxonomy_term');
  for (const { line, value } of termTable?.rows ?? []) records.push({ where: `${termTable!.file} row ${line}`, kind: 'taxonomy_term', value });

  for (const { line, value } of services.rows) {
    const id = String(value.id);
    const service = linked(value);
    const organization = typeof value.organization_id === 'string' ? organizations.get(value.organization_id) : undefined;
    if (organization) service.organization = { ...linked(organization), phones: (phones.organization_id.get(String(organization.id)) ?? []).map(linked) };
    service.phones = (phones.service_id.get(id) ?? []).map(linked);
    service.schedules = (schedules.service_id.get(id) ?? []).map(linked);
    for (const name of serviceChildren) {
      const children = childrenByService[name]!.get(id);
      if (children) service[plural[name]] = children.map(linked);
    }
    service.service_at_locations = (sal.get(id) ?? []).map((row) => {
      const serviceAtLocation: HsdsObject = {
        ...linked(row),
        phones: (phones.service_at_location_id.get(String(row.id)) ?? []).map(linked),
        schedules: (schedules.service_at_location_id.get(String(row.id)) ?? []).map(linked),
      };
      const location = typeof row.location_id === 'string' ? locations.get(row.location_id) : undefined;
      if (location) {
        const locationId = String(location.id);
        serviceAtLocation.location = {
          ...linked(location),
          addresses: (addresses.get(locationId) ?? []).map(linked),
          phones: (phones.location_id.get(locationId) ?? []).map(linked),
          schedules: (schedules.location_id.get(locationId) ?? []).map(linked),
          ...(languagesByLocation.has(locationId) ? { languages: languagesByLocation.get(locationId)!.map(linked) } : {}),
          ...(accessibilityByLocation.has(locationId) ? { accessibility: accessibilityByLocation.get(locationId)!.map(linked) } : {}),
        };
      }
      return serviceAtLocation;
    });
    records.push({ where: `${services.file} row ${line}`, kind: 'service', value: service });
  }
  return records;
}
