/**
 * The assistant as the scenario suite runs it: the built-in guide (no model) at the scenario's
 * time, grounded in the directory's own ranking (search-index.ts) over the Bay Area test fixture
 * (../shared/data/bay-area-sample), read from ../shared as its README asks, never copied here.
 */
import { readFileSync } from 'node:fs';
import { findPlace } from '../../modules/directory/gazetteer.ts';
import { indexService, rankServices, toResult, type IndexedService } from '../../modules/directory/search-index.ts';
import type { ServiceSearchQuery, ServicesResponse } from '../../../shared/services-api.ts';
import type { Assistant } from '../assistant.ts';
import { createEllisAssistant } from '../ellis-assistant.ts';
import type { ServiceLookup } from '../grounding.ts';
import { allowedContacts, withServiceContacts, type AllowedContacts } from '../output-guard.ts';

const FIXTURE = new URL('../../../../../shared/data/bay-area-sample/services.json', import.meta.url);

type HsdsService = Parameters<typeof indexService>[0];

let indexed: IndexedService[] | null = null;
function fixtureServices(): IndexedService[] {
  indexed ??= (JSON.parse(readFileSync(FIXTURE, 'utf8')) as HsdsService[]).map((service) => indexService(service, 'bay-area-sample'));
  return indexed;
}

export function createFixtureDirectory(): ServiceLookup {
  return {
    findPlace,
    async searchServices(query: ServiceSearchQuery): Promise<ServicesResponse> {
      const atMs = query.at ? Date.parse(query.at) : Date.now();
      const place = query.near ? findPlace(query.near) : null;
      const limit = query.limit ?? 20;
      const ranked = rankServices(fixtureServices(), {
        q: query.q ?? null,
        category: query.category ?? null,
        place,
        openNow: query.openNow ?? false,
        atMs,
        tags: query.tags ?? [],
        limit,
      });
      return {
        place,
        near_unrecognised: Boolean(query.near) && !place,
        at: new Date(atMs).toISOString(),
        total: ranked.length,
        results: ranked.slice(0, limit).map((service) => toResult(service, atMs)),
      };
    },
  };
}

export async function createScenarioAssistant(at: Date): Promise<Assistant> {
  return createEllisAssistant({ provider: null, phoneNumber: null, guideChunkDelayMs: 0, directory: createFixtureDirectory(), now: () => at });
}

/** What a reply may contain: the guard's list plus every contact of the fixture's services. */
export async function scenarioAllowedContacts(): Promise<AllowedContacts> {
  const everything = await createFixtureDirectory().searchServices({ limit: 100_000 });
  return withServiceContacts(allowedContacts({ phoneNumber: null }), everything.results);
}
