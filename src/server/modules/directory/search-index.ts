/**
 * The directory held in memory for search (docs/decisions/062): every service reduced to what ranking
 * needs (categories, tags, words, coordinates, compiled schedules, counties), rebuilt when an import
 * bumps the revision. The ranking itself is in search-ranking.ts.
 */
import { CATEGORY_IDS, type CategoryId } from '../../../shared/resource-directory.ts';
import {
  BAY_AREA_COUNTIES,
  SERVICE_TAGS,
  type BayAreaCounty,
  type ServiceResult,
  type ServiceTag,
} from '../../../shared/services-api.ts';
import { countyNear, countyOfPlaceName, placeOfZip } from './gazetteer.ts';
import type { HsdsObject } from './hsds-validator.ts';
import { compileAll, type CompiledSchedule, type ScheduleRule } from './openness.ts';

/** Attribute codes (access, eligibility) → Ellis tags. */
const TAG_CODES: Record<string, ServiceTag> = {
  'walk-in': 'walk-in',
  'walk-up': 'walk-in',
  appointment: 'appointment',
  'appointment-required': 'appointment',
  referral: 'referral',
  'referral-required': 'referral',
  'drive-thru': 'drive-thru',
  'no-documents-required': 'no-documents-required',
  'enrollment-required': 'enrollment-required',
  families: 'families',
  youth: 'youth',
  'foster-youth': 'youth',
  seniors: 'seniors',
  veterans: 'veterans',
  lgbtq: 'lgbtq',
  'dv-survivors': 'dv-survivors',
  survivors: 'dv-survivors',
  disability: 'disability',
  unhoused: 'unhoused',
  immigrants: 'immigrants',
};

/** Words that point at a need, for `q` and for data without Ellis categories. */
const NEED_WORDS: Record<CategoryId, readonly string[]> = {
  food: ['food', 'hungry', 'hunger', 'eat', 'meal', 'meals', 'groceries', 'grocery', 'pantry', 'pantries', 'calfresh', 'snap', 'food stamps', 'ebt', 'wic', 'lunch', 'dinner', 'breakfast', 'soup kitchen'],
  housing: ['housing', 'shelter', 'homeless', 'unhoused', 'evicted', 'eviction', 'rent', 'sleep', 'bed', 'beds', 'navigation center', 'coordinated entry', 'apartment', 'landlord', 'tenant'],
  health: ['health', 'doctor', 'clinic', 'medical', 'medi-cal', 'medicaid', 'dental', 'dentist', 'mental health', 'therapy', 'counseling', 'prescription', 'hospital', 'nurse'],
  employment: ['job', 'jobs', 'work', 'employment', 'unemployment', 'career', 'hiring', 'resume', 'training', 'calworks', 'income'],
  legal: ['legal', 'lawyer', 'attorney', 'court', 'eviction', 'immigration', 'rights', 'tenant', 'expungement'],
  crisis: ['crisis', 'suicide', 'suicidal', 'domestic violence', 'abuse', 'assault', 'rape', 'hotline', '988', 'emergency', 'unsafe', 'violence', 'talk to someone', 'someone to talk to'],
};

export interface IndexedLocation {
  id: string;
  name: string | null;
  address: NonNullable<ServiceResult['location']>['address'];
  lat: number | null;
  lng: number | null;
  phones: ServiceResult['phones'];
  /** Effective hours here: service-at-location schedules, else the service's (never the site's own hours). */
  schedules: CompiledSchedule[] | null;
}

export interface IndexedService {
  id: string;
  name: string;
  organization: { id: string; name: string };
  description: string | null;
  url: string | null;
  categories: CategoryId[];
  tags: ServiceTag[];
  eligibility: string | null;
  whatToBring: string | null;
  howToApply: string | null;
  locations: IndexedLocation[];
  /** Hours when the service has no location. */
  schedules: CompiledSchedule[] | null;
  phones: ServiceResult['phones'];
  assuredDate: string | null;
  assuredMs: number | null;
  verified: boolean;
  source: ServiceResult['source'];
  alert: string | null;
  /** Stemmed words of name, organization, description, eligibility, categories and tags. */
  words: Set<string>;
  nameWords: Set<string>;
  counties: Set<BayAreaCounty>;
  /** Serves the whole state or country: never demoted for county. */
  wide: boolean;
}

function isObject(value: unknown): value is HsdsObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function objects(value: unknown): HsdsObject[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}
function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
function number(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function phonesOf(owner: HsdsObject | undefined): ServiceResult['phones'] {
  return objects(owner?.phones)
    .filter((phone) => text(phone.number))
    .map((phone) => ({ number: String(phone.number), description: text(phone.description) }));
}

function scheduleRules(owner: HsdsObject | undefined): ScheduleRule[] {
  return objects(owner?.schedules).map((schedule) => ({
    freq: text(schedule.freq),
    byday: text(schedule.byday),
    bymonthday: text(schedule.bymonthday),
    opens_at: text(schedule.opens_at),
    closes_at: text(schedule.closes_at),
    valid_from: text(schedule.valid_from),
    valid_to: text(schedule.valid_to),
    dtstart: text(schedule.dtstart),
    until: text(schedule.until),
    interval: number(schedule.interval),
  }));
}

function compiled(rules: ScheduleRule[]): CompiledSchedule[] | null {
  return rules.length === 0 ? [] : compileAll(rules);
}

export function uniquePhones(...lists: ServiceResult['phones'][]): ServiceResult['phones'] {
  const seen = new Set<string>();
  const result: ServiceResult['phones'] = [];
  for (const phone of lists.flat()) {
    const digits = phone.number.replace(/\D/g, '');
    if (seen.has(digits)) continue;
    seen.add(digits);
    result.push(phone);
  }
  return result;
}

function countiesIn(value: string): BayAreaCounty[] {
  const lower = value.toLowerCase();
  return BAY_AREA_COUNTIES.filter((county) => lower.includes(county.toLowerCase()));
}

/** Needs named in free text, by the words above. */
export function needsIn(words: string): CategoryId[] {
  const padded = ` ${words.toLowerCase().replace(/[^a-z0-9\- ]+/g, ' ')} `;
  return CATEGORY_IDS.filter((category) => NEED_WORDS[category].some((word) => padded.includes(` ${word} `)));
}

/** One nested HSDS service → what search needs. `source` is the import's source label. */
export function indexService(service: HsdsObject, source: string): IndexedService {
  const attributes = objects(service.attributes);
  const categories = new Set<CategoryId>();
  const tags = new Set<ServiceTag>();
  let verified: boolean | null = null;
  let licence: string | null = null;
  let attribution: string | null = null;
  let sourceRecord: string | null = null;
  for (const attribute of attributes) {
    const term = isObject(attribute.taxonomy_term) ? attribute.taxonomy_term : {};
    const code = text(term.code)?.toLowerCase() ?? '';
    const value = text(attribute.value);
    const linkType = text(attribute.link_type) ?? '';
    if (linkType === 'category' && (CATEGORY_IDS as readonly string[]).includes(code)) categories.add(code as CategoryId);
    if ((linkType === 'access' || linkType === 'eligibility') && TAG_CODES[code] && value !== 'false') tags.add(TAG_CODES[code]);
    if (linkType === 'provenance' || linkType === 'verification') {
      if (code === 'verified') verified = value !== 'false';
      if (code === 'licence' || code === 'license') licence = value;
      if (code === 'attribution') attribution = value;
      if (code === 'source-record' || code === 'source-url') sourceRecord = value;
    }
  }
  const organization = isObject(service.organization) ? service.organization : undefined;
  const name = text(service.name) ?? '';
  const description = text(service.description);
  const eligibility = text(service.eligibility_description);
  if (categories.size === 0) for (const need of needsIn(`${name} ${description ?? ''}`)) categories.add(need);

  const serviceRules = scheduleRules(service);
  const counties = new Set<BayAreaCounty>();
  const locations: IndexedLocation[] = [];
  for (const serviceAtLocation of objects(service.service_at_locations)) {
    const location = isObject(serviceAtLocation.location) ? serviceAtLocation.location : undefined;
    if (!location) continue;
    const address = objects(location.addresses).find((candidate) => text(candidate.address_type) !== 'postal') ?? objects(location.addresses)[0];
    const lat = number(location.latitude);
    const lng = number(location.longitude);
    const salRules = scheduleRules(serviceAtLocation);
    locations.push({
      id: String(location.id),
      name: text(location.name),
      address: address
        ? {
            address_1: String(address.address_1 ?? ''),
            city: String(address.city ?? ''),
            state_province: String(address.state_province ?? ''),
            postal_code: String(address.postal_code ?? ''),
          }
        : null,
      lat,
      lng,
      phones: uniquePhones(phonesOf(serviceAtLocation), phonesOf(location)),
      schedules: compiled(salRules.length > 0 ? salRules : serviceRules),
    });
    const county =
      (address && (countyOfPlaceName(String(address.city ?? '')) ?? placeOfZip(String(address.postal_code ?? ''))?.county)) ??
      (lat !== null && lng !== null ? countyNear(lat, lng) : null);
    if (county) counties.add(county);
  }
  let wide = false;
  for (const area of objects(service.service_areas)) {
    const label = text(area.name) ?? '';
    if (/statewide|state of california|nationwide|national|united states/i.test(label)) wide = true;
    for (const county of countiesIn(label)) counties.add(county);
    if (/bay area/i.test(label)) wide = true;
    for (const zip of (text(area.extent) ?? '').match(/\b9[45]\d{3}\b/g) ?? []) {
      const place = placeOfZip(zip);
      if (place?.county) counties.add(place.county);
    }
  }
  const assuredDate = text(service.assured_date);
  const assuredMs = assuredDate ? Date.parse(assuredDate.length === 10 ? `${assuredDate}T12:00:00Z` : assuredDate) : NaN;
  const documents = objects(service.required_documents).map((document) => text(document.document)).filter((value): value is string => value !== null);
  const tagList = SERVICE_TAGS.filter((tag) => tags.has(tag));
  const categoryList = CATEGORY_IDS.filter((category) => categories.has(category));
  return {
    id: String(service.id),
    name,
    organization: { id: String(organization?.id ?? service.organization_id ?? ''), name: text(organization?.name) ?? name },
    description,
    url: text(service.url),
    categories: categoryList,
    tags: tagList,
    eligibility,
    whatToBring: documents.length > 0 ? documents.join('; ') : null,
    howToApply: text(service.application_process),
    locations,
    schedules: compiled(serviceRules),
    phones: uniquePhones(phonesOf(service), phonesOf(organization)),
    assuredDate,
    assuredMs: Number.isNaN(assuredMs) ? null : assuredMs,
    verified: verified ?? assuredDate !== null,
    source: { name: source, url: sourceRecord ?? text(service.url), licence, attribution },
    alert: text(service.alert),
    words: new Set(wordsOf([name, organization?.name, description, eligibility, categoryList.join(' '), tagList.join(' ')].filter(Boolean).join(' '))),
    nameWords: new Set(wordsOf(name)),
    counties,
    wide,
  };
}

/** "Pantries" and "pantry", "groceries" and "grocery", "meals" and "meal" meet in one form. */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Lower-case stemmed words, hyphenated ones also split ("walk-in" → walk-in, walk, in). */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const word of text.toLowerCase().split(/[^a-z0-9-]+/)) {
    if (word === '') continue;
    words.push(stem(word));
    if (word.includes('-')) for (const part of word.split('-')) if (part) words.push(stem(part));
  }
  return words;
}
