/**
 * The HSDS 3.0 objects Ellis stores as tables, with their scalar fields as columns (names exactly as in
 * the HSDS schemas). Migration 0005 creates these tables from this list, and the importer, the
 * exporter and the /hsds/ API read and write them through it, so a field is named once.
 *
 * Changing this list after 0005 has run needs a new migration: add a column there, then here.
 *
 * Every table also has `source` (the import's source label) and `assured_date` (when the record was
 * last verified: the service's own, or the service's for its children), the provenance the directory
 * shows with every record. `position` keeps the order of a record in its parent's array. Nested arrays HSDS has no table for here (languages, service_areas,
 * required_documents, funding, cost_options, contacts, accessibility, program,
 * organization_identifiers) are kept as JSON in `extras` on their owner, so an export gives back what
 * was imported.
 */
export type ColumnType = 'text' | 'number';

export interface HsdsTable {
  /** The HSDS object name (schema file name without .json). */
  object: string;
  table: HsdsTableName;
  columns: Record<string, ColumnType>;
  /** Nested arrays/objects kept whole in the `extras` JSON column. */
  extras: readonly string[];
}

export type HsdsTableName =
  | 'hsds_organization'
  | 'hsds_service'
  | 'hsds_location'
  | 'hsds_service_at_location'
  | 'hsds_address'
  | 'hsds_phone'
  | 'hsds_schedule'
  | 'hsds_taxonomy'
  | 'hsds_taxonomy_term'
  | 'hsds_attribute'
  | 'hsds_metadata';

const text = 'text' as const;
const number = 'number' as const;

export const HSDS_TABLES = {
  organization: {
    object: 'organization',
    table: 'hsds_organization',
    columns: {
      id: text,
      name: text,
      alternate_name: text,
      description: text,
      email: text,
      website: text,
      tax_status: text,
      tax_id: text,
      year_incorporated: number,
      legal_status: text,
      logo: text,
      uri: text,
      parent_organization_id: text,
    },
    extras: ['funding', 'contacts', 'programs', 'organization_identifiers'],
  },
  service: {
    object: 'service',
    table: 'hsds_service',
    columns: {
      id: text,
      organization_id: text,
      program_id: text,
      name: text,
      alternate_name: text,
      description: text,
      url: text,
      email: text,
      status: text,
      interpretation_services: text,
      application_process: text,
      fees_description: text,
      wait_time: text,
      fees: text,
      accreditations: text,
      eligibility_description: text,
      minimum_age: number,
      maximum_age: number,
      // assured_date is one of the provenance columns every table has.
      assurer_email: text,
      licenses: text,
      alert: text,
      last_modified: text,
    },
    extras: ['service_areas', 'languages', 'funding', 'cost_options', 'program', 'required_documents', 'contacts'],
  },
  location: {
    object: 'location',
    table: 'hsds_location',
    columns: {
      id: text,
      location_type: text,
      url: text,
      organization_id: text,
      name: text,
      alternate_name: text,
      description: text,
      transportation: text,
      latitude: number,
      longitude: number,
      external_identifier: text,
      external_identifier_type: text,
    },
    extras: ['languages', 'contacts', 'accessibility'],
  },
  service_at_location: {
    object: 'service_at_location',
    table: 'hsds_service_at_location',
    columns: { id: text, service_id: text, location_id: text, description: text },
    extras: ['contacts'],
  },
  address: {
    object: 'address',
    table: 'hsds_address',
    columns: {
      id: text,
      location_id: text,
      attention: text,
      address_1: text,
      address_2: text,
      city: text,
      region: text,
      state_province: text,
      postal_code: text,
      country: text,
      address_type: text,
    },
    extras: [],
  },
  phone: {
    object: 'phone',
    table: 'hsds_phone',
    columns: {
      id: text,
      location_id: text,
      service_id: text,
      organization_id: text,
      contact_id: text,
      service_at_location_id: text,
      number: text,
      extension: number,
      type: text,
      description: text,
    },
    extras: ['languages'],
  },
  schedule: {
    object: 'schedule',
    table: 'hsds_schedule',
    columns: {
      id: text,
      service_id: text,
      location_id: text,
      service_at_location_id: text,
      valid_from: text,
      valid_to: text,
      dtstart: text,
      timezone: number,
      until: text,
      count: number,
      wkst: text,
      freq: text,
      interval: number,
      byday: text,
      byweekno: text,
      bymonthday: text,
      byyearday: text,
      description: text,
      opens_at: text,
      closes_at: text,
      schedule_link: text,
      attending_type: text,
      notes: text,
    },
    extras: [],
  },
  taxonomy: {
    object: 'taxonomy',
    table: 'hsds_taxonomy',
    columns: { id: text, name: text, description: text, uri: text, version: text },
    extras: [],
  },
  taxonomy_term: {
    object: 'taxonomy_term',
    table: 'hsds_taxonomy_term',
    columns: {
      id: text,
      code: text,
      name: text,
      description: text,
      parent_id: text,
      taxonomy: text,
      language: text,
      taxonomy_id: text,
      term_uri: text,
    },
    extras: [],
  },
  attribute: {
    object: 'attribute',
    table: 'hsds_attribute',
    columns: { id: text, link_id: text, taxonomy_term_id: text, link_type: text, link_entity: text, value: text },
    extras: [],
  },
  metadata: {
    object: 'metadata',
    table: 'hsds_metadata',
    columns: {
      id: text,
      resource_id: text,
      resource_type: text,
      last_action_date: text,
      last_action_type: text,
      field_name: text,
      previous_value: text,
      replacement_value: text,
      updated_by: text,
    },
    extras: [],
  },
} as const satisfies Record<string, HsdsTable>;

export type HsdsObjectName = keyof typeof HSDS_TABLES;

/** Indexed columns: the foreign keys the importer deletes by and the search/API filters. */
export const HSDS_INDEXES: ReadonlyArray<{ table: HsdsTableName; columns: string[] }> = [
  { table: 'hsds_service', columns: ['organization_id'] },
  { table: 'hsds_service_at_location', columns: ['service_id'] },
  { table: 'hsds_service_at_location', columns: ['location_id'] },
  { table: 'hsds_address', columns: ['location_id'] },
  { table: 'hsds_address', columns: ['postal_code'] },
  { table: 'hsds_phone', columns: ['service_id'] },
  { table: 'hsds_phone', columns: ['location_id'] },
  { table: 'hsds_phone', columns: ['service_at_location_id'] },
  { table: 'hsds_phone', columns: ['organization_id'] },
  { table: 'hsds_schedule', columns: ['service_id'] },
  { table: 'hsds_schedule', columns: ['location_id'] },
  { table: 'hsds_schedule', columns: ['service_at_location_id'] },
  { table: 'hsds_attribute', columns: ['link_id'] },
  { table: 'hsds_attribute', columns: ['taxonomy_term_id'] },
  { table: 'hsds_metadata', columns: ['resource_id'] },
  { table: 'hsds_taxonomy_term', columns: ['taxonomy_id'] },
];

/**
 * Every HSDS table has these besides its HSDS columns: provenance, the nested arrays kept whole, and
 * the record's place in its parent's list (HSDS arrays are ordered; an export keeps the order).
 */
export const EXTRA_COLUMNS = ['source', 'assured_date', 'extras', 'position'] as const;
