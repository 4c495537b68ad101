/**
 * Ranking over the in-memory directory (docs/decisions/062): need match, then distance and openness
 * folded into one "effective distance"; ties by id so the order is stable.
 */
import type { CategoryId } from '../../../shared/resource-directory.ts';
import type { Place, ServiceResult, ServiceTag } from '../../../shared/services-api.ts';
import { distanceMetres } from './geo.ts';
import { localMoment, openStatus, statusAt } from './openness.ts';
import { needsIn, uniquePhones, wordsOf, type IndexedLocation, type IndexedService } from './search-index.ts';

const YEAR_MS = 365 * 86_400_000;
/** Where a service with no place to go (a phone line, an area-wide programme) ranks among located ones. */
const AREA_WIDE_DISTANCE_M = 5_000;
/** The same, for one that names the county asked about: the county's own programme comes first. */
const AREA_WIDE_IN_COUNTY_M = 3_000;
/** Added for a service that serves another county than the one asked about. */
const OTHER_COUNTY_PENALTY_M = 60_000;
const OPENNESS_PENALTY_M = { open: 0, unknown: 1_000, closed: 2_500 } as const;

const STOP_WORDS = new Set(
  'a an and are at be can do for from get help i i\'m im in is it me my near need needs now of on or please right some the there to today tonight where who with you your this that any open find want looking place places'.split(' '),
);

export interface SearchOptions {
  q: string | null;
  category: CategoryId | null;
  place: Place | null;
  openNow: boolean;
  atMs: number;
  tags: readonly ServiceTag[];
  /** Words of `q` that named the place, not the need ("food in Oakland" searches for food). */
  placeWords?: readonly string[];
}

export interface RankedService {
  service: IndexedService;
  location: IndexedLocation | null;
  distanceM: number | null;
  status: 'open' | 'closed' | 'unknown';
  score: number;
}

function queryWords(q: string, ignore: readonly string[]): string[] {
  const raw = q.toLowerCase().split(/[^a-z0-9'-]+/).filter((word) => word.length > 1 && !STOP_WORDS.has(word));
  const ignored = new Set(ignore.flatMap(wordsOf));
  return [...new Set(wordsOf(raw.join(' ')).filter((word) => word.length > 1 && !ignored.has(word)))];
}

function compareRanked(a: RankedService, b: RankedService): number {
  return a.score - b.score || (a.service.id < b.service.id ? -1 : a.service.id > b.service.id ? 1 : 0);
}

/** Every matching service, best first. */
export function rankServices(services: readonly IndexedService[], options: SearchOptions): RankedService[] {
  const ranked: RankedService[] = [];
  scoreServices(services, options, (entry) => ranked.push(entry));
  return ranked.sort(compareRanked);
}

/**
 * The best `limit` services and how many matched in all: the same order as rankServices without
 * sorting thousands of matches to show twenty.
 */
export function topServices(services: readonly IndexedService[], options: SearchOptions, limit: number): { top: RankedService[]; total: number } {
  const top: RankedService[] = [];
  let total = 0;
  scoreServices(services, options, (entry) => {
    total += 1;
    if (top.length === limit && compareRanked(entry, top[limit - 1]!) >= 0) return;
    let index = top.length;
    while (index > 0 && compareRanked(entry, top[index - 1]!) < 0) index -= 1;
    top.splice(index, 0, entry);
    if (top.length > limit) top.pop();
  });
  return { top, total };
}

function scoreServices(services: readonly IndexedService[], options: SearchOptions, visit: (entry: RankedService) => void): void {
  const words = options.q ? queryWords(options.q, options.placeWords ?? []) : [];
  const needs = options.q ? needsIn(options.q) : [];
  const today = localMoment(options.atMs).dayNumber;
  const place = options.place;
  for (const service of services) {
    if (options.category && !service.categories.includes(options.category)) continue;
    if (options.tags.length > 0 && !options.tags.every((tag) => service.tags.includes(tag))) continue;
    let relevance = 1;
    if (words.length > 0) {
      let hits = 0;
      let nameHits = 0;
      for (const word of words) {
        if (service.words.has(word)) hits += 1;
        if (service.nameWords.has(word)) nameHits += 1;
      }
      const needHit = needs.some((need) => service.categories.includes(need));
      if (hits === 0 && !needHit) continue;
      relevance = Math.min(1, (needHit ? 0.5 : 0) + (0.5 * hits) / words.length + (0.25 * nameHits) / words.length);
    }

    let location: IndexedLocation | null = null;
    let distanceM: number | null = null;
    if (place) {
      for (const candidate of service.locations) {
        if (candidate.lat === null || candidate.lng === null) continue;
        const distance = distanceMetres(place.lat, place.lng, candidate.lat, candidate.lng);
        if (distanceM === null || distance < distanceM) {
          distanceM = distance;
          location = candidate;
        }
      }
    }
    location ??= service.locations[0] ?? null;
    const schedules = location ? location.schedules : service.schedules;
    const status = statusAt(schedules, options.atMs, today);
    if (options.openNow && status !== 'open') continue;

    let effective = 0;
    if (place) {
      effective = distanceM ?? (place.county && service.counties.has(place.county) ? AREA_WIDE_IN_COUNTY_M : AREA_WIDE_DISTANCE_M);
      if (distanceM === null && place.county && service.counties.size > 0 && !service.wide && !service.counties.has(place.county)) {
        effective += OTHER_COUNTY_PENALTY_M;
      }
    }
    effective += OPENNESS_PENALTY_M[status];
    const score = (effective + 1) * (2 - relevance);
    visit({ service, location, distanceM, status, score });
  }
}

/** The public shape of one ranked service, with its open times worked out. */
export function toResult(ranked: RankedService, atMs: number): ServiceResult {
  const { service, location } = ranked;
  const open = openStatus(location ? location.schedules : service.schedules, atMs);
  return {
    id: service.id,
    name: service.name,
    organization: service.organization,
    description: service.description,
    url: service.url,
    categories: service.categories,
    tags: service.tags,
    eligibility: service.eligibility,
    what_to_bring: service.whatToBring,
    how_to_apply: service.howToApply,
    location: location ? { id: location.id, name: location.name, address: location.address, lat: location.lat, lng: location.lng } : null,
    area_wide: service.locations.length === 0,
    distance_m: ranked.distanceM === null ? null : Math.round(ranked.distanceM),
    phones: uniquePhones(location?.phones ?? [], service.phones),
    open,
    freshness: {
      assured_date: service.assuredDate,
      verified: service.verified,
      stale: service.assuredMs === null || atMs - service.assuredMs > YEAR_MS,
    },
    source: service.source,
    alert: service.alert,
  };
}
