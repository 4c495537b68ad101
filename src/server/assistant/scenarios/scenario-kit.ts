/**
 * The assistant as the scenario suite runs it: the built-in guide (no model) at the scenario's
 * time, grounded in the real directory service over an in-memory database holding the shipped
 * nine-county set and the Bay Area test fixture (../shared/data/bay-area-sample, read from
 * ../shared as its README asks, never copied here).
 */
import { readFileSync } from 'node:fs';
import { migrateToLatest, openDatabase } from '../../db/database.ts';
import { DEFAULT_DATA_SOURCE, readDefaultServices } from '../../modules/directory/default-data.ts';
import { emptyTableRows, flattenService } from '../../modules/directory/hsds-records.ts';
import { DirectoryRepository } from '../../modules/directory/repository.ts';
import { DatabaseDirectoryService } from '../../modules/directory/service.ts';
import type { Assistant } from '../assistant.ts';
import { createEllisAssistant } from '../ellis-assistant.ts';
import type { ServiceLookup } from '../grounding.ts';
import { allowedContacts, withServiceContacts, type AllowedContacts } from '../output-guard.ts';

const FIXTURE = new URL('../../../../../shared/data/bay-area-sample/services.json', import.meta.url);

let directory: Promise<DatabaseDirectoryService> | null = null;

async function loadDirectory(): Promise<DatabaseDirectoryService> {
  const database = openDatabase({ url: 'file::memory:' });
  await migrateToLatest(database);
  const repository = new DirectoryRepository(database.db);
  const rows = emptyTableRows();
  for (const service of readDefaultServices()) flattenService(rows, service, DEFAULT_DATA_SOURCE);
  const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as ReturnType<typeof readDefaultServices>;
  for (const service of fixture) flattenService(rows, service, 'bay-area-sample (test fixture)');
  await repository.writeImport(rows, { replace: true, now: '2026-11-23T12:00:00Z' });
  return new DatabaseDirectoryService({ repository, now: Date.now });
}

/** One directory for the whole suite: loading it is the slow part. */
export function scenarioDirectory(): Promise<ServiceLookup> {
  directory ??= loadDirectory();
  return directory;
}

export async function createScenarioAssistant(at: Date): Promise<Assistant> {
  return createEllisAssistant({ provider: null, phoneNumber: null, guideChunkDelayMs: 0, directory: await scenarioDirectory(), now: () => at });
}

/** What a reply may contain: the guard's list plus every contact of the directory's services. */
export async function scenarioAllowedContacts(): Promise<AllowedContacts> {
  const everything = await (await scenarioDirectory()).searchServices({ limit: 100_000 });
  return withServiceContacts(allowedContacts({ phoneNumber: null }), everything.results);
}
