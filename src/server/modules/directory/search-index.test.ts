import { describe, expect, it } from 'vitest';
import type { Place } from '../../../shared/services-api.ts';
import { indexService } from './search-index.ts';
import { rankServices, toResult, topServices, type RankedService } from './search-ranking.ts';
import { fixtureQueries, fixtureServices } from './testing/fixture.ts';

const services = fixtureServices().map((service) => indexService(service, 'bay-area-sample'));
const queries = fixtureQueries();

function placeAt(lat: number, lng: number): Place {
  return { name: `${lat},${lng}`, county: null, lat, lng, kind: 'coordinates' };
}

function rank(query: (typeof queries)[number], openNow: boolean): RankedService[] {
  return rankServices(services, {
    q: null,
    category: query.need,
    place: placeAt(query.near.lat, query.near.lng),
    openNow,
    atMs: Date.parse(query.at),
    tags: [],
  });
}

const located = (entry: RankedService) => entry.distanceM !== null;
const byDistance = (a: RankedService, b: RankedService) => a.distanceM! - b.distanceM! || (a.service.id < b.service.id ? -1 : 1);

describe('search over the Bay Area fixture: the 30 queries of queries.json', () => {
  it('has the 30 queries', () => {
    expect(queries).toHaveLength(30);
  });

  for (const query of queries) {
    describe(`${query.id}: ${query.text}`, () => {
      it('finds the nearest services at the expected distances', () => {
        const nearest = rank(query, false).filter(located).sort(byDistance);
        expect(nearest.slice(0, 5).map((entry) => entry.service.id)).toEqual(query.expect_nearest_ids);
        expect(nearest[0]?.service.id ?? null).toBe(query.expect_nearest_id);
        if (query.expect_nearest_distance_m !== null) expect(Math.round(nearest[0]!.distanceM!)).toBe(query.expect_nearest_distance_m);
      });

      it('counts open, closed and unknown within the radius', () => {
        const within = rank(query, false).filter((entry) => located(entry) && entry.distanceM! <= query.radius_m);
        const counts = { open: 0, closed: 0, unknown: 0 };
        for (const entry of within) counts[entry.status] += 1;
        expect(counts).toEqual(query.expect_counts_within_radius);
      });

      it('with open_now, ranks the open ones nearest first and keeps the open phone lines', () => {
        const open = rank(query, true);
        expect(open.every((entry) => entry.status === 'open')).toBe(true);
        const locatedOpen = open.filter(located);
        expect(locatedOpen.filter((entry) => entry.distanceM! <= query.radius_m).map((entry) => entry.service.id)).toEqual(query.expect_open_ids);
        expect(locatedOpen[0]?.service.id ?? null).toBe(query.expect_nearest_open_id);
        expect(open.filter((entry) => !located(entry)).map((entry) => entry.service.id).sort()).toEqual(
          [...query.expect_open_without_location_ids].sort(),
        );
      });
    });
  }

  it('keeps the test-data alert and the source attribution on every result', () => {
    const [first] = rank(queries[0]!, false);
    const result = toResult(first!, Date.parse(queries[0]!.at));
    expect(result.alert).toMatch(/^TEST FIXTURE/);
    expect(result.source.licence).toBe('CC0-1.0');
    expect(result.source.attribution).toMatch(/SF-Marin Food Bank/);
  });

  it('says closes_at and opens_at from the schedule, and "unknown" without one', () => {
    const q04 = queries.find((query) => query.id === 'q04')!;
    const atMs = Date.parse(q04.at);
    const open = rank(q04, true).filter(located)[0]!;
    const result = toResult(open, atMs);
    expect(result.open.status).toBe('open');
    expect(result.open.closes_at).toBe('2026-11-27T22:30:00.000Z');
    const q20 = queries.find((query) => query.id === 'q20')!;
    const unknown = rank(q20, false).find((entry) => entry.status === 'unknown')!;
    expect(toResult(unknown, Date.parse(q20.at)).open).toEqual({ status: 'unknown', closes_at: null, opens_at: null });
  });

  it('topServices gives the same first results and total as the full ranking', () => {
    for (const query of queries) {
      const options = { q: query.text, category: null, place: placeAt(query.near.lat, query.near.lng), openNow: false, atMs: Date.parse(query.at), tags: [] };
      const all = rankServices(services, options);
      const { top, total } = topServices(services, options, 20);
      expect(total).toBe(all.length);
      expect(top.map((entry) => entry.service.id)).toEqual(all.slice(0, 20).map((entry) => entry.service.id));
    }
  });

  it('matches words in either form: "pantries" finds pantries, "groceries" the grocery sites', () => {
    const atMs = Date.parse('2026-11-24T10:00:00-08:00');
    const pantries = rankServices(services, { q: 'pantries', category: null, place: null, openNow: false, atMs, tags: [] });
    expect(pantries.length).toBeGreaterThan(50);
    expect(pantries.every((entry) => entry.service.categories.includes('food'))).toBe(true);
  });
});
