import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabaseTargets } from '../../db/testing/test-databases.ts';
import type { Database } from '../../db/database.ts';
import { assembleServices } from './hsds-records.ts';
import { importRecords, parseJsonRecords, type ImportOptions, type InputRecord } from './importer.ts';
import type { HsdsObject } from './hsds-validator.ts';
import { DirectoryRepository } from './repository.ts';
import { readTabularRecords } from './tabular.ts';
import { FIXTURE_SERVICES, FIXTURE_TABULAR, fixtureServices, fixtureValidator } from './testing/fixture.ts';

const OPTIONS: ImportOptions = { source: 'bay-area-sample', replace: false, dryRun: false, allOrNothing: false, now: () => Date.parse('2026-11-23T12:00:00Z') };
const TABLES = ['hsds_service', 'hsds_organization', 'hsds_location', 'hsds_service_at_location', 'hsds_address', 'hsds_phone', 'hsds_schedule', 'hsds_attribute', 'hsds_taxonomy_term', 'hsds_metadata'] as const;

/**
 * Empty arrays the store adds back (attributes and metadata on every object) are not a difference,
 * nor is the taxonomy_detail it nests once the taxonomies themselves were imported.
 */
function withoutEmptyArrays(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmptyArrays);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, child]) => key !== 'taxonomy_detail' && !(Array.isArray(child) && child.length === 0))
        .map(([key, child]) => [key, withoutEmptyArrays(child)]),
    );
  }
  return value;
}

for (const target of testDatabaseTargets()) {
  describe(`directory import on ${target.dialect}`, () => {
    let database: Database & { drop(): Promise<void> };
    let repository: DirectoryRepository;
    const deps = () => ({ repository, validator: fixtureValidator() });
    const jsonRecords = () => parseJsonRecords(readFileSync(FIXTURE_SERVICES, 'utf8'), 'services.json');

    async function counts(): Promise<Record<string, number>> {
      const result: Record<string, number> = {};
      for (const table of TABLES) {
        const row = await database.db.selectFrom(table).select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
        result[table] = Number(row.count);
      }
      return result;
    }

    beforeAll(async () => {
      database = await target.open();
      repository = new DirectoryRepository(database.db);
    });
    afterAll(async () => {
      await database.drop();
    });

    it('imports the 513 fixture services with every child row, and bumps the revision', async () => {
      const before = await repository.revision();
      const result = await importRecords(jsonRecords(), deps(), OPTIONS);
      expect(result).toEqual({ accepted: { services: 513, taxonomies: 0, taxonomy_terms: 0 }, rejected: [], written: true });
      expect(await counts()).toEqual({
        hsds_service: 513,
        hsds_organization: 513,
        hsds_location: 385,
        hsds_service_at_location: 385,
        hsds_address: 385,
        hsds_phone: 150,
        hsds_schedule: 103,
        hsds_attribute: 3527,
        hsds_taxonomy_term: 41,
        hsds_metadata: 1026,
      });
      expect(await repository.revision()).toBe(before + 1);
      const row = await database.db.selectFrom('hsds_service').selectAll().where('id', '=', '91d29633-9270-56da-a268-07ddd2ce449d').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: 'Food pantry at Salvation Army Chinatown', source: 'bay-area-sample', assured_date: '2025-08-08' });
    });

    it('is idempotent: importing again changes no count', async () => {
      const before = await counts();
      await importRecords(jsonRecords(), deps(), OPTIONS);
      expect(await counts()).toEqual(before);
    });

    it('exports what it imported: each service comes back as the same HSDS object', async () => {
      const exported = new Map(assembleServices(await repository.readServiceRows('all')).map((service) => [service.id, service]));
      const original = fixtureServices();
      expect(exported.size).toBe(original.length);
      for (const service of original) {
        expect(withoutEmptyArrays(exported.get(service.id)), String(service.id)).toEqual(withoutEmptyArrays(service));
      }
      for (const service of exported.values()) expect(fixtureValidator().validate('service', service)).toEqual([]);
    });

    it('imports the tabular datapackage to the same services', async () => {
      const result = await importRecords(readTabularRecords(FIXTURE_TABULAR), deps(), { ...OPTIONS, replace: true });
      expect(result).toEqual({ accepted: { services: 513, taxonomies: 5, taxonomy_terms: 41 }, rejected: [], written: true });
      const exported = new Map(assembleServices(await repository.readServiceRows('all')).map((service) => [service.id, service]));
      for (const service of fixtureServices()) {
        const { languages: _languages, ...rest } = service;
        expect(withoutEmptyArrays(exported.get(service.id)), String(service.id)).toEqual(withoutEmptyArrays(rest));
      }
    });

    it('updates a record on re-import and replaces its children', async () => {
      const [first] = fixtureServices() as HsdsObject[];
      const changed = { ...first, name: 'Renamed pantry', phones: [], schedules: [] };
      await importRecords([{ where: 'changed', kind: 'service', value: changed }], deps(), OPTIONS);
      const row = await database.db.selectFrom('hsds_service').select(['name']).where('id', '=', String(first!.id)).executeTakeFirstOrThrow();
      expect(row.name).toBe('Renamed pantry');
      const schedules = await database.db.selectFrom('hsds_schedule').select('id').where('service_id', '=', String(first!.id)).execute();
      expect(schedules).toEqual([]);
    });

    it('reports every rejected record with its reasons and still imports the valid ones', async () => {
      const [good] = fixtureServices();
      const records: InputRecord[] = [
        { where: 'input item 1', kind: 'service', value: { ...good, name: 'Still good' } },
        { where: 'input item 2', kind: 'service', value: { id: '0b0e3f4c-6f0b-4c39-9a51-8a5b4a4e7d10', name: 'No status' } },
        { where: 'input item 3', kind: 'service', value: { id: 'not-a-uuid', name: 'Bad id', status: 'active' } },
        { where: 'input item 4', kind: 'service', value: { ...good } },
        { where: 'input line 5', kind: 'service', value: undefined },
      ];
      const result = await importRecords(records, deps(), OPTIONS);
      expect(result.accepted.services).toBe(1);
      expect(result.rejected).toEqual([
        { where: 'input item 2', id: '0b0e3f4c-6f0b-4c39-9a51-8a5b4a4e7d10', reasons: ["(record): must have required property 'status'"] },
        { where: 'input item 3', id: 'not-a-uuid', reasons: ['/id: must match format "uuid"'] },
        { where: 'input item 4', id: String(good!.id), reasons: ['duplicate id: the same service is also at input item 1'] },
        { where: 'input line 5', id: null, reasons: ['not a JSON object'] },
      ]);
      expect(await repository.serviceExists('0b0e3f4c-6f0b-4c39-9a51-8a5b4a4e7d10')).toBe(false);
    });

    it('with all-or-nothing, writes nothing when a record is rejected', async () => {
      const [good] = fixtureServices();
      const records: InputRecord[] = [
        { where: 'a', kind: 'service', value: { ...good, name: 'Should not be written' } },
        { where: 'b', kind: 'service', value: { id: 'x' } },
      ];
      const result = await importRecords(records, deps(), { ...OPTIONS, allOrNothing: true });
      expect(result.written).toBe(false);
      const row = await database.db.selectFrom('hsds_service').select(['name']).where('id', '=', String(good!.id)).executeTakeFirstOrThrow();
      expect(row.name).not.toBe('Should not be written');
    });

    it('leaves nothing half-imported when the write fails part way', async () => {
      const before = await counts();
      // A phone number the database refuses makes the write fail after services and locations went in.
      if (database.dialect === 'sqlite') {
        await sql`create trigger refuse_phone before insert on hsds_phone when new.number = 'REFUSE' begin select raise(abort, 'refused'); end`.execute(database.db);
      } else {
        await sql`create function refuse_phone() returns trigger language plpgsql as $$ begin if new.number = 'REFUSE' then raise exception 'refused'; end if; return new; end $$`.execute(database.db);
        await sql`create trigger refuse_phone before insert on hsds_phone for each row execute function refuse_phone()`.execute(database.db);
      }
      const services = fixtureServices().slice(0, 50).map((service, index) => ({
        ...service,
        name: `Half ${index}`,
        ...(index === 49 ? { phones: [{ id: '5c3e1f0a-8b7d-4c2e-9f1a-3b6d8e0c2a41', number: 'REFUSE' }] } : {}),
      }));
      const records = services.map((value, index): InputRecord => ({ where: `item ${index + 1}`, kind: 'service', value }));
      await expect(importRecords(records, deps(), OPTIONS)).rejects.toThrow(/refused/);
      expect(await counts()).toEqual(before);
      const renamed = await database.db.selectFrom('hsds_service').select('id').where('name', 'like', 'Half %').execute();
      expect(renamed).toEqual([]);
    });
  });
}
