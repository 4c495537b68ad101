import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BAY_AREA_COUNTIES, servicesResponseSchema } from '../../../shared/services-api.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { loadConfig } from '../../config/config.ts';
import { DEFAULT_DATA_SOURCE, readDefaultServices } from './default-data.ts';
import type { HsdsObject } from './hsds-validator.ts';
import { indexService } from './search-index.ts';
import { DirectoryRepository } from './repository.ts';
import { fixtureValidator, importFixture } from './testing/fixture.ts';
import { SHIPPED_SF_211_ID } from './testing/shipped-data.ts';

const services = readDefaultServices();
const indexed = services.map((service) => indexService(service, DEFAULT_DATA_SOURCE));

/**
 * Every phone number in the shipped set. Each is one the team is certain of; adding a number means
 * adding it here too, on purpose.
 */
const VOUCHED_NUMBERS = ['211', '988', '1-800-799-7233'];

describe('the shipped Bay Area set', () => {
  it('is valid HSDS 3.0 (strict: no field outside the schema)', () => {
    for (const service of services) expect(fixtureValidator().validate('service', service), String(service.name)).toEqual([]);
  });

  it('has, for each of the nine counties, its 211, social services, shelter access and crisis line', () => {
    for (const county of BAY_AREA_COUNTIES) {
      const label = county === 'San Francisco' ? 'San Francisco' : `${county} County`;
      const names = services.map((service) => String(service.name));
      expect(names, county).toContain(`2-1-1 in ${label}`);
      expect(names, county).toContain(`CalFresh, Medi-Cal, General Assistance and CalWORKs in ${label}`);
      expect(names, county).toContain(`Shelter and Coordinated Entry in ${label}`);
      expect(names, county).toContain(`Crisis line for ${label}: 988 Suicide & Crisis Lifeline`);
    }
    expect(indexed.find((service) => service.id === SHIPPED_SF_211_ID)?.name).toBe('2-1-1 in San Francisco');
  });

  it('lists only phone numbers the team vouches for, and no address at all', () => {
    for (const service of indexed) for (const phone of service.phones) expect(VOUCHED_NUMBERS, service.name).toContain(phone.number);
    for (const service of services) expect(service.service_at_locations, String(service.name)).toEqual([]);
  });

  it('marks what the team could not verify: "call to confirm", with 211 beside it', () => {
    const unverified = indexed.filter((service) => !service.verified);
    expect(unverified.length).toBeGreaterThan(0);
    for (const service of unverified) {
      expect(service.alert, service.name).toBe('Not verified by the Ellis team: call to confirm, or call 211.');
      expect(service.phones.map((phone) => phone.number), service.name).toContain('211');
      expect(service.assuredDate, service.name).toBeNull();
    }
    for (const service of indexed.filter((entry) => entry.verified)) expect(service.assuredDate, service.name).toBe('2026-11-23');
  });

  it('gives every record an official https source, and only https links', () => {
    for (const service of services) {
      const [metadata] = service.metadata as HsdsObject[];
      expect(String(metadata?.replacement_value), String(service.name)).toMatch(/^https:\/\/[a-z0-9.-]+\.(org|gov|com)(\/|$)/);
      if (service.url !== undefined) expect(String(service.url)).toMatch(/^https:\/\//);
    }
  });
});

describe('loading the shipped set at start', () => {
  let app: FastifyInstance | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  it('fills an empty directory, so a new install answers with real services', async () => {
    ({ app } = await buildTestApp({ directory: { loadDefaultData: true } }));
    const response = await app.inject({ method: 'GET', url: '/api/services?near=Oakland&category=housing' });
    const body = servicesResponseSchema.parse(response.json());
    expect(body.results[0]).toMatchObject({ name: 'Shelter and Coordinated Entry in Alameda County', freshness: { verified: false } });
    expect(body.results[0]!.source.name).toBe(DEFAULT_DATA_SOURCE);
  });

  it('leaves a directory that already has services alone', async () => {
    const { app: first, database } = await buildTestApp({ directory: { loadDefaultData: false } });
    app = first;
    await importFixture(database);
    await first.close();
    const repository = new DirectoryRepository(database.db);
    const before = await repository.serviceCount();
    ({ app } = await buildTestApp({ database, directory: { loadDefaultData: true } }));
    expect(await repository.serviceCount()).toBe(before);
  });

  it('is skipped when not asked for (main.ts asks when DIRECTORY_DEFAULT_DATA is true, the default)', async () => {
    let database;
    ({ app, database } = await buildTestApp());
    expect(await new DirectoryRepository(database.db).serviceCount()).toBe(0);
    expect(loadConfig({}).directory.loadDefaultData).toBe(true);
    expect(loadConfig({ DIRECTORY_DEFAULT_DATA: 'false' }).directory.loadDefaultData).toBe(false);
  });
});
