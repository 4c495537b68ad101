/**
 * Validates HSDS 3.0 objects with the official JSON schemas, read at run time from a folder
 * (HSDS_SCHEMA_DIR, default ../shared/hsds-3.0): the schemas are CC BY-SA 4.0 and are not copied
 * into this repository (docs/decisions/061). Loading follows the notes in that folder's README:
 * every file registered under its own file name, `strict: false`, ajv-formats.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; under Node's ESM loader its default export may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

export type HsdsObject = Record<string, unknown>;

export interface HsdsValidator {
  /** Reasons the object is not a valid HSDS `schema` object (e.g. "service"); empty when valid. */
  validate(schema: 'service' | 'taxonomy' | 'taxonomy_term' | 'organization', value: unknown): string[];
}

export class HsdsSchemasMissingError extends Error {
  constructor(dir: string, cause: unknown) {
    super(
      `The HSDS 3.0 schemas were not found in ${dir} (${cause instanceof Error ? cause.message : String(cause)}). ` +
        'Point HSDS_SCHEMA_DIR (or --schemas) at a folder with the official schema/*.json files of ' +
        'https://github.com/openreferral/specification (branch 3.0).',
    );
    this.name = 'HsdsSchemasMissingError';
  }
}

/** Sets additionalProperties:false on every object schema, in memory (the spec's own CI does this). */
function forbidUnknownProperties(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) forbidUnknownProperties(item);
    return;
  }
  if (!schema || typeof schema !== 'object') return;
  const node = schema as Record<string, unknown>;
  if (node.type === 'object' && node.properties && node.additionalProperties === undefined) node.additionalProperties = false;
  for (const value of Object.values(node)) forbidUnknownProperties(value);
}

function describe(error: ErrorObject): string {
  const where = error.instancePath === '' ? '(record)' : error.instancePath;
  if (error.keyword === 'additionalProperties') {
    return `${where}: unknown field "${String((error.params as { additionalProperty?: string }).additionalProperty)}"`;
  }
  return `${where}: ${error.message ?? 'is not valid'}`;
}

export function loadHsdsValidator(dir: string, options: { strict?: boolean } = {}): HsdsValidator {
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.json') && name !== 'openapi.json');
    if (!files.includes('service.json')) throw new Error('service.json is missing');
  } catch (error) {
    throw new HsdsSchemasMissingError(dir, error);
  }
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const file of files) {
    const schema = JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown;
    if (options.strict) forbidUnknownProperties(schema);
    ajv.addSchema(schema as object, file);
  }
  const compiled = new Map<string, ValidateFunction>();
  return {
    validate(schema, value) {
      let validate = compiled.get(schema);
      if (!validate) {
        validate = ajv.getSchema(`${schema}.json`);
        if (!validate) throw new Error(`HSDS schema ${schema}.json is not loaded`);
        compiled.set(schema, validate);
      }
      if (validate(value)) return [];
      return (validate.errors ?? []).slice(0, 10).map(describe);
    },
  };
}
