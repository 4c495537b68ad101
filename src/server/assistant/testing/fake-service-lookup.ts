/**
 * A scriptable stand-in for the directory's search, for tests of the assistant and the /resources
 * page: it finds places with the real gazetteer and answers every search with the services given,
 * recording each query.
 */
import { findPlace } from '../../modules/directory/gazetteer.ts';
import type { ServiceResult, ServiceSearchQuery, ServicesResponse } from '../../../shared/services-api.ts';
import type { ServiceLookup } from '../grounding.ts';

export interface FakeServiceLookup extends ServiceLookup {
  readonly queries: ServiceSearchQuery[];
}

export function createFakeServiceLookup(results: (query: ServiceSearchQuery) => ServiceResult[]): FakeServiceLookup {
  const queries: ServiceSearchQuery[] = [];
  return {
    queries,
    findPlace,
    async searchServices(query: ServiceSearchQuery): Promise<ServicesResponse> {
      queries.push(query);
      const place = query.near ? findPlace(query.near) : null;
      const found = results(query);
      return { place, near_unrecognised: Boolean(query.near) && !place, at: query.at ?? new Date().toISOString(), total: found.length, results: found };
    },
  };
}

/** A service result with plausible fields; override what the test is about. */
export function sampleService(overrides: Partial<ServiceResult> = {}): ServiceResult {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Sample Night Shelter',
    organization: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Sample Services' },
    description: null,
    url: 'https://shelter.example.org/',
    categories: ['housing'],
    tags: ['walk-in'],
    eligibility: 'Adults 18 and over',
    what_to_bring: 'ID if you have one',
    how_to_apply: null,
    location: {
      id: '00000000-0000-4000-8000-0000000000bb',
      name: null,
      address: { address_1: '100 Example St', city: 'Oakland', state_province: 'CA', postal_code: '94607' },
      lat: 37.8,
      lng: -122.27,
    },
    area_wide: false,
    distance_m: 800,
    phones: [{ number: '(510) 555-0100', description: null }],
    open: { status: 'open', closes_at: '2026-11-25T07:00:00-08:00', opens_at: null },
    freshness: { assured_date: '2026-10-01', verified: true, stale: false },
    source: { name: 'Test', url: null, licence: null, attribution: null },
    alert: null,
    ...overrides,
  };
}
