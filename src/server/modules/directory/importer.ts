/**
 * `npm run directory:import`: reads HSDS 3.0 services (JSON: one `/services/{id}` object, an array of
 * them, an HSDS page `{contents: […]}` or `{taxonomies, taxonomy_terms}`; NDJSON; or the tabular
 * datapackage folder of CSVs), validates every record against the official schemas, reports each
 * rejected record with its reasons, and writes the accepted ones in one transaction.
 */
import type { DirectoryRepository } from './repository.ts';
import { emptyTableRows, flattenService, flattenTaxonomy } from './hsds-records.ts';
import type { HsdsObject, HsdsValidator } from './hsds-validator.ts';

export interface InputRecord {
  /** Where the record is in the input, for the report ("services.json item 12", "line 3"). */
  where: string;
  kind: 'service' | 'taxonomy' | 'taxonomy_term';
  value: unknown;
}

export interface Rejection {
  where: string;
  id: string | null;
  reasons: string[];
}

export interface ImportResult {
  accepted: { services: number; taxonomies: number; taxonomy_terms: number };
  rejected: Rejection[];
  /** False when nothing was written (a dry run, or every record rejected). */
  written: boolean;
}

export class ImportInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportInputError';
  }
}

function isObject(value: unknown): value is HsdsObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Records of a JSON document or an NDJSON text. */
export function parseJsonRecords(text: string, label: string): InputRecord[] {
  const trimmed = text.trim();
  if (trimmed === '') throw new ImportInputError(`${label} is empty.`);
  let document: unknown;
  try {
    document = JSON.parse(trimmed);
  } catch {
    return parseNdjson(trimmed, label);
  }
  if (Array.isArray(document)) return document.map((value, index) => ({ where: `${label} item ${index + 1}`, kind: 'service', value }));
  if (isObject(document)) {
    if (Array.isArray(document.contents)) {
      return document.contents.map((value, index) => ({ where: `${label} contents item ${index + 1}`, kind: 'service', value }));
    }
    if (Array.isArray(document.taxonomies) || Array.isArray(document.taxonomy_terms)) {
      const taxonomies = (Array.isArray(document.taxonomies) ? document.taxonomies : []).map(
        (value, index): InputRecord => ({ where: `${label} taxonomies item ${index + 1}`, kind: 'taxonomy', value }),
      );
      const terms = (Array.isArray(document.taxonomy_terms) ? document.taxonomy_terms : []).map(
        (value, index): InputRecord => ({ where: `${label} taxonomy_terms item ${index + 1}`, kind: 'taxonomy_term', value }),
      );
      return [...taxonomies, ...terms];
    }
    return [{ where: label, kind: 'service', value: document }];
  }
  throw new ImportInputError(`${label} is JSON but neither an HSDS service, an array of services nor an HSDS page.`);
}

function parseNdjson(text: string, label: string): InputRecord[] {
  const records: InputRecord[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      if (records.length === 0 && index === 0) throw new ImportInputError(`${label} is neither JSON nor NDJSON (line 1 does not parse).`);
      value = undefined;
    }
    records.push({ where: `${label} line ${index + 1}`, kind: 'service', value });
  }
  return records;
}

export interface ImportOptions {
  /** Provenance label written on every record ("bay-area-211-2026-11"). */
  source: string;
  /** Empty the directory first (a full replacement, still one transaction). */
  replace: boolean;
  /** Validate and report only. */
  dryRun: boolean;
  /** Write nothing when any record is rejected. */
  allOrNothing: boolean;
  now: () => number;
}

/**
 * Validates, then writes what passed. A record is rejected for failing the HSDS schema, for a
 * duplicate id in the same input, or for naming a different organization than it nests.
 */
export async function importRecords(
  records: readonly InputRecord[],
  deps: { repository: DirectoryRepository; validator: HsdsValidator },
  options: ImportOptions,
): Promise<ImportResult> {
  const rows = emptyTableRows();
  const rejected: Rejection[] = [];
  const seen = new Map<string, string>();
  const accepted = { services: 0, taxonomies: 0, taxonomy_terms: 0 };

  for (const record of records) {
    const id = isObject(record.value) && typeof record.value.id === 'string' ? record.value.id : null;
    if (!isObject(record.value)) {
      rejected.push({ where: record.where, id: null, reasons: ['not a JSON object'] });
      continue;
    }
    const reasons = deps.validator.validate(record.kind, record.value);
    const key = `${record.kind}:${id}`;
    if (id && seen.has(key)) reasons.push(`duplicate id: the same ${record.kind} is also at ${seen.get(key)}`);
    const value = record.value;
    if (record.kind === 'service' && isObject(value.organization) && value.organization_id !== undefined && value.organization_id !== value.organization.id) {
      reasons.push('/organization_id: differs from the nested organization.id');
    }
    if (reasons.length > 0) {
      rejected.push({ where: record.where, id, reasons });
      continue;
    }
    seen.set(key, record.where);
    if (record.kind === 'service') {
      flattenService(rows, value, options.source);
      accepted.services += 1;
    } else {
      flattenTaxonomy(rows, record.kind, value, options.source);
      accepted[record.kind === 'taxonomy' ? 'taxonomies' : 'taxonomy_terms'] += 1;
    }
  }

  const anything = accepted.services + accepted.taxonomies + accepted.taxonomy_terms > 0;
  const refused = options.allOrNothing && rejected.length > 0;
  if (options.dryRun || refused || (!anything && !options.replace)) return { accepted, rejected, written: false };
  await deps.repository.writeImport(rows, { replace: options.replace, now: new Date(options.now()).toISOString() });
  return { accepted, rejected, written: true };
}

/** Longest download accepted from a URL. */
const MAX_DOWNLOAD_BYTES = 200 * 1024 * 1024;

/**
 * The records of a file, a tabular folder (or its datapackage.json), or an https URL of JSON/NDJSON.
 * Only the import command reads input this way; the server never downloads.
 */
export async function readImportInput(
  input: string,
  deps: { readText: (path: string) => string; isDirectory: (path: string) => boolean; readTabular: (folder: string) => InputRecord[]; fetch: typeof fetch },
): Promise<InputRecord[]> {
  if (/^https?:\/\//i.test(input)) {
    if (!input.toLowerCase().startsWith('https://')) throw new ImportInputError('Only https:// addresses are imported.');
    const response = await deps.fetch(input, { redirect: 'follow' });
    if (!response.ok) throw new ImportInputError(`${input} answered ${response.status}.`);
    const length = Number(response.headers.get('content-length') ?? '0');
    if (length > MAX_DOWNLOAD_BYTES) throw new ImportInputError(`${input} is larger than ${MAX_DOWNLOAD_BYTES} bytes.`);
    return parseJsonRecords(await response.text(), new URL(input).pathname.split('/').pop() || input);
  }
  if (deps.isDirectory(input)) return deps.readTabular(input);
  if (input.endsWith('datapackage.json')) return deps.readTabular(input.slice(0, -'datapackage.json'.length) || '.');
  let text: string;
  try {
    text = deps.readText(input);
  } catch (error) {
    throw new ImportInputError(`${input} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  return parseJsonRecords(text, input.split(/[\\/]/).pop() ?? input);
}
