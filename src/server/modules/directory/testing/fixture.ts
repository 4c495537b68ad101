/**
 * The Bay Area HSDS test fixture, read from ../shared (never copied into the repository: its README
 * says so, and it is test data of uncertain freshness).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Database } from '../../../db/database.ts';
import { importRecords, parseJsonRecords } from '../importer.ts';
import { loadHsdsValidator, type HsdsObject, type HsdsValidator } from '../hsds-validator.ts';
import { DirectoryRepository } from '../repository.ts';

export const FIXTURE_DIR = resolve('../shared/data/bay-area-sample');
export const FIXTURE_SERVICES = resolve(FIXTURE_DIR, 'services.json');
export const FIXTURE_TABULAR = resolve(FIXTURE_DIR, 'tabular');
export const HSDS_SCHEMA_DIR = resolve('../shared/hsds-3.0');

export interface FixtureQuery {
  id: string;
  text: string;
  need: 'food' | 'housing' | 'health' | 'employment' | 'legal' | 'crisis';
  near: { lat: number; lng: number; label: string };
  at: string;
  radius_m: number;
  expect_nearest_id: string | null;
  expect_nearest_distance_m: number | null;
  expect_nearest_ids: string[];
  expect_open_ids: string[];
  expect_counts_within_radius: { open: number; closed: number; unknown: number };
  expect_nearest_open_id: string | null;
  expect_open_without_location_ids: string[];
}

export function fixtureServices(): HsdsObject[] {
  return JSON.parse(readFileSync(FIXTURE_SERVICES, 'utf8')) as HsdsObject[];
}

export function fixtureQueries(): FixtureQuery[] {
  return (JSON.parse(readFileSync(resolve(FIXTURE_DIR, 'queries.json'), 'utf8')) as { queries: FixtureQuery[] }).queries;
}

let validator: HsdsValidator | null = null;
export function fixtureValidator(): HsdsValidator {
  validator ??= loadHsdsValidator(HSDS_SCHEMA_DIR, { strict: true });
  return validator;
}

/** Imports services.json into the database (as `npm run directory:import` would). */
export async function importFixture(database: Database, now: () => number = Date.now): Promise<void> {
  const result = await importRecords(
    parseJsonRecords(readFileSync(FIXTURE_SERVICES, 'utf8'), 'services.json'),
    { repository: new DirectoryRepository(database.db), validator: fixtureValidator() },
    { source: 'bay-area-sample', replace: false, dryRun: false, allOrNothing: true, now },
  );
  if (!result.written) throw new Error(`fixture import failed: ${JSON.stringify(result.rejected.slice(0, 3))}`);
}
