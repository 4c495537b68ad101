/**
 * The shipped Bay Area set (default-data/bay-area.hsds.json): each county's 211, social-services
 * agency, shelter access point and crisis line, hand-checked (docs/decisions/063). Loaded into an
 * empty directory at start, so a new install shows real services; a deployer's import replaces it.
 */
import { readFileSync } from 'node:fs';
import type { Logger } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { emptyTableRows, flattenService } from './hsds-records.ts';
import type { HsdsObject } from './hsds-validator.ts';
import type { DirectoryRepository } from './repository.ts';

export const DEFAULT_DATA_PATH = new URL('./default-data/bay-area.hsds.json', import.meta.url);
export const DEFAULT_DATA_SOURCE = 'Ellis default Bay Area set';

export function readDefaultServices(): HsdsObject[] {
  return JSON.parse(readFileSync(DEFAULT_DATA_PATH, 'utf8')) as HsdsObject[];
}

/** Loads the shipped set when the directory has no service. True when it did. */
export async function loadDefaultDataIfEmpty(
  repository: DirectoryRepository,
  deps: { now: () => number; logger: Logger | FastifyBaseLogger },
): Promise<boolean> {
  if ((await repository.serviceCount()) > 0) return false;
  const rows = emptyTableRows();
  for (const service of readDefaultServices()) flattenService(rows, service, DEFAULT_DATA_SOURCE);
  try {
    await repository.writeImport(rows, { replace: false, now: new Date(deps.now()).toISOString() });
  } catch (error) {
    // Another instance starting at the same moment may have loaded it first; that is fine.
    if ((await repository.serviceCount()) > 0) return false;
    throw error;
  }
  deps.logger.info({ services: rows.service.size }, 'directory: loaded the shipped Bay Area set');
  return true;
}
