import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testDatabaseTargets } from '../../db/testing/test-databases.ts';
import type { Database } from '../../db/database.ts';
import { loadConfig } from '../../config/config.ts';
import { createLogger } from '../../logger.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { servicesResponseSchema } from '../../../shared/services-api.ts';
import { DirectoryRepository } from './repository.ts';
import { importFixture } from './testing/fixture.ts';
import { SHIPPED_SF_211_ID } from './testing/shipped-data.ts';

const SALVATION_ARMY_CHINATOWN = '91d29633-9270-56da-a268-07ddd2ce449d';

for (const target of testDatabaseTargets()) {
  describe(`directory API on ${target.dialect}`, () => {
    let database: Database & { drop(): Promise<void> };
    let app: FastifyInstance;
    const logLines: string[] = [];

    beforeAll(async () => {
      database = await target.open();
      const logger = createLogger(
        loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace' }),
        new Writable({
          write(chunk, _encoding, done) {
            logLines.push(String(chunk));
            done();
          },
        }),
      );
      ({ app } = await buildTestApp({
        database,
        logger,
        env: { LOG_LEVEL: 'trace' },
        directory: { loadDefaultData: true, rateLimits: { reportPerIp: { limit: 5, windowMs: 60_000 } } },
      }));
      await importFixture(database);
    });
    afterAll(async () => {
      await app.close();
      await database.drop();
    });

    const get = (url: string) => app.inject({ method: 'GET', url });

    it('GET /api/services answers the contract: ranked by distance and openness near a place', async () => {
      const response = await get('/api/services?category=food&near=Chinatown&at=2026-11-27T13:30:00-08:00&open_now=true&limit=5');
      expect(response.statusCode, response.body).toBe(200);
      const body = servicesResponseSchema.parse(response.json());
      expect(body.place).toEqual({ name: 'Chinatown', county: 'San Francisco', lat: 37.7941, lng: -122.4078, kind: 'neighborhood' });
      expect(body.at).toBe('2026-11-27T21:30:00.000Z');
      expect(body.results[0]).toMatchObject({
        id: SALVATION_ARMY_CHINATOWN,
        name: 'Food pantry at Salvation Army Chinatown',
        categories: ['food'],
        area_wide: false,
        open: { status: 'open', closes_at: '2026-11-27T22:30:00.000Z', opens_at: null },
        freshness: { assured_date: '2025-08-08', verified: true, stale: true },
      });
      expect(body.results[0]!.alert).toMatch(/^TEST FIXTURE/);
      expect(body.results.every((result) => result.open.status === 'open')).toBe(true);
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      const local = servicesResponseSchema.parse((await get('/api/services?category=food&near=Chinatown&at=2026-11-27T13:30&open_now=true&limit=5')).json());
      expect(local.at).toBe('2026-11-27T21:30:00.000Z');
      const summer = servicesResponseSchema.parse((await get('/api/services?near=Chinatown&at=2026-07-18T09:30&limit=1')).json());
      expect(summer.at).toBe('2026-07-18T16:30:00.000Z');
    });

    it('keeps services without a location as area-wide, and finds the county crisis line', async () => {
      const response = await get('/api/services?category=crisis&near=Oakland&at=2026-11-24T03:00:00-08:00&open_now=true&limit=50');
      const body = servicesResponseSchema.parse(response.json());
      const line = body.results.find((result) => result.name === 'Crisis line for Alameda County: 988 Suicide & Crisis Lifeline');
      expect(line).toMatchObject({ area_wide: true, location: null, distance_m: null, phones: [{ number: '988', description: 'Call or text 988, any time' }] });
      expect(line!.open).toEqual({ status: 'open', closes_at: null, opens_at: null });
      // The other counties' copies of the line rank after Alameda's.
      const names = body.results.map((result) => result.name);
      expect(names.indexOf('Crisis line for Alameda County: 988 Suicide & Crisis Lifeline')).toBeLessThan(
        names.indexOf('Crisis line for Sonoma County: 988 Suicide & Crisis Lifeline'),
      );
    });

    it('matches q words and need words, filters by tags, and says when a place is unknown', async () => {
      const hungry = servicesResponseSchema.parse((await get('/api/services?q=I%27m%20hungry&near=94110&limit=10')).json());
      expect(hungry.place).toMatchObject({ name: '94110', kind: 'zip', county: 'San Francisco' });
      expect(hungry.results.length).toBe(10);
      expect(hungry.results.every((result) => result.categories.includes('food'))).toBe(true);
      const driveThru = servicesResponseSchema.parse((await get('/api/services?category=food&tags=drive-thru,walk-in&limit=50')).json());
      expect(driveThru.total).toBeGreaterThan(0);
      expect(driveThru.results.every((result) => result.tags.includes('drive-thru') && result.tags.includes('walk-in'))).toBe(true);
      const inText = servicesResponseSchema.parse((await get('/api/services?q=food%20in%20West%20Oakland&limit=50')).json());
      expect(inText.place).toMatchObject({ name: 'West Oakland', kind: 'neighborhood' });
      // The fixture has no pantry in Oakland: the county's own food programmes, then area-wide ones, then pantries across the bay.
      expect(inText.results.slice(0, 3).map((result) => result.name)).toContain('Alameda County Community Food Bank');
      expect(inText.results.find((result) => result.distance_m !== null)!.distance_m).toBeLessThan(15_000);
      const nowhere = servicesResponseSchema.parse((await get('/api/services?q=food&near=Atlantis')).json());
      expect(nowhere).toMatchObject({ place: null, near_unrecognised: true });
    });

    it('refuses bad parameters with a clear 400', async () => {
      const cases: Array<[string, string]> = [
        ['/api/services?category=pizza', 'invalid_category'],
        ['/api/services?tags=walk-in,flying', 'invalid_tags'],
        ['/api/services?at=tomorrow', 'invalid_time'],
        ['/api/services?open_now=yes', 'invalid_open_now'],
        ['/api/services?limit=500', 'invalid_limit'],
        ['/api/services?q=a&q=b', 'invalid_query'],
        [`/api/services?q=${'x'.repeat(201)}`, 'invalid_query'],
      ];
      for (const [url, code] of cases) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().code, url).toBe(code);
      }
    });

    it('stores a report for an operator (201), and never logs what the person wrote', async () => {
      const message = 'The phone number rings out ReportMarker7731';
      const response = await app.inject({ method: 'POST', url: `/api/services/${SHIPPED_SF_211_ID}/reports`, payload: { message, kind: 'wrong_phone' } });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), received: true });
      const reports = await new DirectoryRepository(database.db).listReports('new');
      expect(reports).toEqual([
        { id: response.json().id, service_id: SHIPPED_SF_211_ID, kind: 'wrong_phone', message, status: 'new', created_at: expect.any(String) },
      ]);
      expect(logLines.join('')).not.toContain('ReportMarker7731');
      const repository = new DirectoryRepository(database.db);
      expect(await repository.resolveReport(response.json().id)).toBe(true);
      expect(await repository.resolveReport(response.json().id)).toBe(false);
      expect(await repository.listReports('new')).toEqual([]);
    });

    it('refuses an empty or long report, an unknown kind and an unknown service', async () => {
      const post = (id: string, payload: object) => app.inject({ method: 'POST', url: `/api/services/${id}/reports`, payload });
      const long = await post(SHIPPED_SF_211_ID, { message: 'x'.repeat(1001) });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({ code: 'invalid_report', message: 'Tell us what is wrong, in at most 1000 characters.' });
      expect((await post(SHIPPED_SF_211_ID, { message: '   ' })).json().code).toBe('invalid_report');
      expect((await post(SHIPPED_SF_211_ID, { message: 'hi', kind: 'spam' })).json().code).toBe('invalid_report_kind');
      const unknown = await post('00000000-0000-4000-8000-000000000000', { message: 'hi' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ code: 'service_not_found', message: 'Service not found.' });
    });

    it('rate-limits reports per address (the five above used the window)', async () => {
      const response = await app.inject({ method: 'POST', url: `/api/services/${SHIPPED_SF_211_ID}/reports`, payload: { message: 'again' } });
      expect(response.statusCode).toBe(429);
      expect(response.json().code).toBe('over_request_rate_limit');
    });

    it('serves the HSDS read API: meta, paging envelope, filters, one service', async () => {
      expect((await get('/hsds/')).json()).toMatchObject({ version: '3.0' });
      const page = (await get('/hsds/services?per_page=10&page=2')).json();
      expect(page).toMatchObject({ total_items: 550, total_pages: 55, page_number: 2, size: 10, first_page: false, last_page: false, empty: false });
      const search = (await get('/hsds/services?search=salvation%20army%20chinatown')).json();
      expect(search.contents.map((service: { id: string }) => service.id)).toEqual([SALVATION_ARMY_CHINATOWN]);
      const legal = (await get('/hsds/services?taxonomy_term_id=d5a7b9b5-3b36-5e1c-8ad6-d7a8e26ef6d3&per_page=200')).json();
      expect(legal.total_items).toBe(0);
      const terms = (await get('/hsds/taxonomy_terms?search=legal')).json();
      const legalTerm = terms.contents.find((term: { code: string }) => term.code === 'legal');
      const byTerm = (await get(`/hsds/services?taxonomy_term_id=${legalTerm.id}&per_page=200`)).json();
      expect(byTerm.total_items).toBe(23);
      const one = await get(`/hsds/services/${SALVATION_ARMY_CHINATOWN}`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({ id: SALVATION_ARMY_CHINATOWN, organization: { name: 'Salvation Army Chinatown' } });
      expect((await get('/hsds/services/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await get('/hsds/services?per_page=0')).statusCode).toBe(400);
    });

    it('serves /hsds/service_at_locations by postcode and by proximity, nearest first', async () => {
      const byPostcode = (await get('/hsds/service_at_locations?postcode=94108&per_page=200')).json();
      expect(byPostcode.total_items).toBeGreaterThan(0);
      for (const item of byPostcode.contents) expect(item.location.addresses[0].postal_code).toBe('94108');
      const near = (await get('/hsds/service_at_locations?postcode=94108&proximity=800&per_page=200')).json();
      expect(near.total_items).toBeGreaterThan(0);
      expect(near.contents[0].service.id).toEqual(expect.any(String));
      expect((await get('/hsds/service_at_locations?proximity=800')).json().code).toBe('invalid_query');
      expect((await get('/hsds/service_at_locations?postcode=10001&proximity=800')).json().code).toBe('unknown_postcode');
    });
  });
}
