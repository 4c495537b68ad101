/**
 * Grounding (DESIGN §7.2): find what the person needs in their own words and pick the directory
 * entries that answer it. Those entries are the only resources a model may name, and the ones the
 * guide engine offers. Plain word lists in English and Spanish, with the basics in Tagalog, Vietnamese
 * (written with or without accents: the text is normalised) and Chinese; no model: fast and predictable.
 */
import {
  findCategory,
  nationalOrganizations,
  resourceCategories,
  type CategoryId,
  type NationalOrganization,
} from '../../shared/resource-directory.ts';
import type { Place, ServiceResult, ServicesResponse, ServiceTag } from '../../shared/services-api.ts';
import type { DirectoryService } from '../modules/directory/service.ts';
import type { AssistantTurn } from './assistant.ts';
import { PLACE_QUESTIONS } from './directory-reply.ts';
import { findHowToGuide, type HowToGuide } from './how-to-guides.ts';
import { withPlaceNamesForGazetteer } from './place-names.ts';
import { normalizeText } from './text.ts';
import { CATEGORY_TERMS, ORGANIZATION_TERMS, RESOURCE_TERMS } from './need-words.ts';

export interface GroundedResource {
  name: string;
  url: string;
  /** A number the organization publishes, when there is one. */
  phone?: string;
  /** What it is, in a few words, for the model and the guide. */
  description: string;
  categoryId: CategoryId | null;
}

export interface Grounding {
  /** Needs found, strongest first. */
  needs: CategoryId[];
  /** One to three entries that best answer them; empty when no need was found. */
  resources: GroundedResource[];
  /** True when the needs came from an earlier message ("yes, where?" after "I'm hungry"). */
  fromHistory: boolean;
}

const MAX_RESOURCES = 3;

const FOLLOW_UP =
  /^(?:(?:yes|yeah|yep|yup|ok|okay|sure|please|yes please|si|claro|dale|por favor|and|y|oo|opo|sige|vang|da|duoc|co|at|va)\b[\s,.!]*)+$|^(?:where|how|when|what|which|who|donde|como|cuando|que|cual|saan|paano|kailan|ano|o dau|the nao|khi nao|cai gi)\b[^.!]{0,40}\??$|^[^.!]{0,30}[?？]$|^(?:好|好的|係|是|哪裡|喺邊|點樣|怎樣)[^。！]{0,20}$/;

function termPattern(term: string): RegExp {
  const stem = term.endsWith('*');
  const body = (stem ? term.slice(0, -1) : term).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
  return new RegExp(`(?:^|[^a-z0-9])${body}${stem ? '' : '(?![a-z0-9])'}`);
}

const patternCache = new Map<string, RegExp>();
function countHits(text: string, terms: readonly string[]): number {
  let hits = 0;
  for (const term of terms) {
    let pattern = patternCache.get(term);
    if (!pattern) {
      pattern = termPattern(term);
      patternCache.set(term, pattern);
    }
    if (pattern.test(text)) hits += 1;
  }
  return hits;
}

function organizationResource(organization: NationalOrganization, categoryId: CategoryId | null): GroundedResource {
  const resource: GroundedResource = {
    name: organization.name,
    url: organization.url,
    description: organization.description,
    categoryId,
  };
  if (organization.phone) resource.phone = organization.phone;
  return resource;
}

interface Candidate {
  resource: GroundedResource;
  score: number;
  order: number;
  /** True when the person's words name this entry, not just its category. */
  specific: boolean;
}

function groundText(rawText: string): { needs: CategoryId[]; resources: GroundedResource[] } {
  const text = normalizeText(rawText);
  const categoryScores = new Map<CategoryId, number>();
  for (const category of resourceCategories) {
    const hits = countHits(text, CATEGORY_TERMS[category.id]);
    if (hits > 0) categoryScores.set(category.id, hits);
  }
  const needs = [...categoryScores.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  if (needs.length === 0) return { needs, resources: [] };

  const candidates: Candidate[] = [];
  let order = 0;
  for (const id of needs) {
    const category = findCategory(id);
    for (const [index, entry] of category.resources.entries()) {
      const hits = countHits(text, RESOURCE_TERMS[entry.name] ?? []);
      // Without a specific word, the category's first entry still answers the need.
      const score = hits * 2 + (categoryScores.get(id) ?? 0);
      if (hits > 0 || index === 0) {
        candidates.push({
          resource: { name: entry.name, url: entry.url, description: `${category.name} (SF Service Guide)`, categoryId: id },
          score,
          order: order++,
          specific: hits > 0,
        });
      }
    }
  }
  for (const { name, categoryId, terms } of ORGANIZATION_TERMS) {
    const hits = countHits(text, terms);
    const organization = nationalOrganizations.find((candidate) => candidate.name === name);
    if (hits > 0 && organization) {
      candidates.push({ resource: organizationResource(organization, categoryId), score: hits * 2, order: order++, specific: true });
    }
  }
  candidates.sort((a, b) => b.score - a.score || a.order - b.order);

  // Entries the person's words point to come first: the best one for each need, then the rest.
  // A need with no such entry gets its category's first entry, if a place is left.
  const chosen: GroundedResource[] = [];
  const add = (candidate: Candidate | undefined) => {
    if (!candidate || chosen.length >= MAX_RESOURCES) return;
    if (chosen.some((resource) => resource.url === candidate.resource.url)) return;
    chosen.push(candidate.resource);
  };
  const specific = candidates.filter((candidate) => candidate.specific);
  const bestPerNeed = needs
    .map((id) => specific.find((candidate) => candidate.resource.categoryId === id))
    .filter((candidate): candidate is Candidate => candidate !== undefined)
    .sort((a, b) => b.score - a.score || a.order - b.order);
  for (const candidate of bestPerNeed) add(candidate);
  for (const candidate of specific) add(candidate);
  for (const id of needs) {
    if (!chosen.some((resource) => resource.categoryId === id)) add(candidates.find((candidate) => candidate.resource.categoryId === id));
  }
  return { needs, resources: chosen };
}

/** The needs in the new message, or, when it names none, in the person's latest earlier message that did. */
export function groundNeeds(userText: string, history: readonly AssistantTurn[] = []): Grounding {
  const current = groundText(userText);
  if (current.needs.length > 0) return { ...current, fromHistory: false };
  // Only a short follow-up ("yes", "where?", "how do I apply?") leans on what was said before;
  // a new statement ("I slept on the bus") is answered on its own.
  if (!FOLLOW_UP.test(normalizeText(userText))) return { needs: [], resources: [], fromHistory: false };
  for (let index = history.length - 1; index >= 0 && index >= history.length - 6; index -= 1) {
    const turn = history[index];
    if (turn?.role !== 'user') continue;
    const earlier = groundText(turn.content);
    if (earlier.needs.length > 0) return { ...earlier, fromHistory: true };
  }
  return { needs: [], resources: [], fromHistory: false };
}

/** 211 answers any need by phone, day and night: offered when nothing more specific fits. */
export function generalHelpResource(): GroundedResource {
  const organization = nationalOrganizations.find((candidate) => candidate.phone === '211');
  if (!organization) throw new Error('The directory has no 211 entry');
  return organizationResource(organization, null);
}

/** What the assistant needs of the services directory (the directory module's DirectoryService). */
export type ServiceLookup = Pick<DirectoryService, 'searchServices' | 'findPlace'>;

export interface TurnGrounding extends Grounding {
  /** Where the person is: named in this message or, failing that, in an earlier one. */
  place: Place | null;
  /** True when this message only answered where they are ("Hayward"), so the need is an earlier one. */
  placeAnswered: boolean;
  /** The step-by-step guide this message asks for. */
  guide: HowToGuide | null;
  /** Directory services for the first need near the place, open ones first; empty without a place. */
  services: ServiceResult[];
  /** When the answer is for: openness is decided at this time. */
  at: Date;
  /** False when no services directory is configured: then nothing is looked up, and no place is asked for. */
  canSearch: boolean;
  /** A bed for tonight, not housing help in general: only shelter-like services are offered. */
  urgentHousing: boolean;
}

/** Needs the directory can answer with services near a place. */
const SEARCHABLE_NEEDS: ReadonlySet<CategoryId> = new Set(['housing', 'food', 'health', 'legal', 'employment', 'crisis']);
const SERVICES_SHOWN = 3;
const SERVICES_FETCHED = 12;
const HISTORY_LOOKBACK = 8;
/** Someone who needs a bed tonight: a housing authority or a homebuyer program is no answer. */
const URGENT_HOUSING =
  /\b(?:tonight|sleep|nowhere to (?:sleep|stay|go)|place to sleep|somewhere to sleep|shelter|bed|sleeping (?:outside|in my car|on the street)|homeless|kicked out|on the street|esta noche|dormir|albergue|refugio|sin hogar|ngayong gabi|matulog|matutulugan|walang bahay|toi nay|dem nay|cho ngu|vo gia cu)|今晚|今夜|睡|瞓|庇護所|收容所|無家可歸|露宿/;
const NOT_TONIGHT_SERVICE = /housing authority|homebuyer|home buyer|first-time|mortgage|rental assistance|rent relief|section 8|voucher/;
/** A place farther than this is no answer to "near me" (across the bay is about 15 km). */
const TOO_FAR_M = 25_000;
/** Who the person says they are: services for them come first. */
const TAG_WORDS: ReadonlyArray<readonly [ServiceTag, RegExp]> = [
  ['veterans', /\bveterans?\b|\bvet\b/],
  ['families', /\b(?:kids|children|my (?:son|daughter|baby|babies|child)|family|families)\b/],
  ['youth', /\b(?:teen|teenager|youth|under 18|i'?m 1[4-9])\b/],
  ['seniors', /\b(?:senior|seniors|elderly|i'?m (?:6[5-9]|[7-9]\d))\b/],
  ['lgbtq', /\b(?:lgbt\w*|gay|lesbian|trans|transgender|queer|nonbinary)\b/],
  ['dv-survivors', /\b(?:domestic violence|abus\w+|hits me|beats me)\b/],
  ['immigrants', /\b(?:immigra\w+|undocumented)\b/],
  ['disability', /\b(?:disabled|disability|wheelchair)\b/],
];

/** Stable: services tagged for who the person is move ahead of the rest. */
function forThem(services: readonly ServiceResult[], said: string): ServiceResult[] {
  const wanted = TAG_WORDS.filter(([, pattern]) => pattern.test(said)).map(([tag]) => tag);
  if (wanted.length === 0) return [...services];
  const fits = (service: ServiceResult) => service.tags.some((tag) => wanted.includes(tag));
  return [...services.filter(fits), ...services.filter((service) => !fits(service))];
}

/** Support lines that answer a mental-health need, not "I need a doctor". */
const PHONE_SUPPORT_LINE = /mental health|helpline|hotline|crisis|suicide|friendship line|warm ?line|\b988\b/;
/** Words for a mental-health need: without them, a crisis line is no answer to "I need a doctor". */
const MENTAL_HEALTH = /\b(?:mental|depress\w*|anxi\w*|panic|suicid\w*|crisis|therap\w*|counsel\w*|talk to someone|someone to talk|lonely|hopeless|voices)\b/;
const TONIGHT_SERVICE = /shelter|coordinated entry|navigation cent|emergency|drop-in|warming|winter|homeless|unhoused|\bbeds?\b|211/;

function askedForPlace(history: readonly AssistantTurn[]): boolean {
  const last = [...history].reverse().find((turn) => turn.role === 'assistant');
  return last !== undefined && PLACE_QUESTIONS.some((question) => last.content.includes(question));
}

function earlierUserTexts(history: readonly AssistantTurn[]): string[] {
  return history
    .slice(-HISTORY_LOOKBACK)
    .filter((turn) => turn.role === 'user')
    .map((turn) => turn.content)
    .reverse();
}

/**
 * A place to go that is open now first, then other places to go, then phone lines and programmes
 * of the person's own county, then other area-wide ones (open first); within each, the directory's
 * own order (need match, distance). One entry per phone number: three ways to reach 211 are one.
 */
function openFirst(services: readonly ServiceResult[], county: string | null): ServiceResult[] {
  const open = (service: ServiceResult) => (service.open.status === 'open' ? 0 : 1);
  const rank = (service: ServiceResult) => {
    if (!service.area_wide) return open(service);
    return (county && service.name.includes(county) ? 2 : 4) + open(service);
  };
  const phones = new Set<string>();
  return services
    .map((service, index) => ({ service, index }))
    .sort((a, b) => rank(a.service) - rank(b.service) || a.index - b.index)
    .map(({ service }) => service)
    .filter((service) => {
      const phone = service.phones[0]?.number.replace(/\D/g, '');
      if (!phone) return true;
      if (phones.has(phone)) return false;
      phones.add(phone);
      return true;
    });
}

/**
 * Everything the answer to one message stands on: the needs (this message, or the earlier one it
 * follows up), the place (asked once, then remembered), the how-to guide asked for, and the
 * directory's services for that need near that place at `at`.
 */
export async function groundTurn(
  userText: string,
  history: readonly AssistantTurn[],
  deps: {
    directory: ServiceLookup | null;
    at: Date;
    /** A failed directory search: the answer goes on without services (as without a directory). */
    onSearchError?: (error: unknown) => void;
  },
): Promise<TurnGrounding> {
  let base = groundNeeds(userText, history);
  const findPlace = (text: string) => deps.directory?.findPlace(withPlaceNamesForGazetteer(text)) ?? null;
  const placeHere = findPlace(userText);
  let placeAnswered = false;
  if (base.needs.length === 0 && placeHere) {
    // "Hayward", "I'm in Walnut Creek": the answer to our question about where they are.
    for (const earlier of earlierUserTexts(history)) {
      const needs = groundText(earlier);
      if (needs.needs.length > 0) {
        base = { ...needs, fromHistory: true };
        placeAnswered = true;
        break;
      }
    }
  }
  if (base.needs.length === 0 && !placeHere && askedForPlace(history)) {
    // An answer we cannot place ("somewhere in the East Bay"): still about the earlier need.
    for (const earlier of earlierUserTexts(history)) {
      const needs = groundText(earlier);
      if (needs.needs.length > 0) {
        base = { ...needs, fromHistory: true };
        break;
      }
    }
  }
  let place = placeHere;
  if (!place && deps.directory) {
    for (const earlier of earlierUserTexts(history)) {
      place = findPlace(earlier);
      if (place) break;
    }
  }
  const guide = findHowToGuide(userText);
  const need = guide?.category ?? base.needs[0];
  let services: ServiceResult[] = [];
  const said = normalizeText(`${userText} ${earlierUserTexts(history).join(' ')}`);
  const urgentHousing = need === 'housing' && !guide && URGENT_HOUSING.test(said);
  if (deps.directory && place && need && SEARCHABLE_NEEDS.has(need)) {
    const query = {
      ...(guide?.search ? { q: guide.search } : {}),
      category: need,
      near: place.kind === 'coordinates' ? `${place.lat},${place.lng}` : place.name,
      at: deps.at.toISOString(),
    };
    // What is open now comes first, even when the ranking puts a nearer closed place ahead of it.
    let open: ServicesResponse;
    let all: ServicesResponse;
    try {
      [open, all] = await Promise.all([
        deps.directory.searchServices({ ...query, openNow: true, limit: SERVICES_SHOWN * 2 }),
        deps.directory.searchServices({ ...query, limit: SERVICES_FETCHED }),
      ]);
    } catch (error) {
      deps.onSearchError?.(error);
      return { ...base, place, placeAnswered, guide, services: [], at: deps.at, canSearch: false, urgentHousing };
    }
    const guideWords = guide?.search?.toLowerCase().split(',').map((phrase) => phrase.trim()) ?? [];
    const tonight = urgentHousing;
    const crisisLinesFit = need === 'crisis' || MENTAL_HEALTH.test(said);
    const fits = (service: ServiceResult) => {
      if (service.distance_m !== null && service.distance_m > TOO_FAR_M) return false;
      if (!crisisLinesFit && (service.categories.includes('crisis') || PHONE_SUPPORT_LINE.test(service.name.toLowerCase()))) return false;
      // An area-wide programme named for another county ("San Jose Housing Department") serves that county.
      const namedFor = service.area_wide ? deps.directory?.findPlace(service.name) : null;
      if (namedFor?.county && place.county && namedFor.county !== place.county) return false;
      if (guideWords.length > 0) {
        // Where to do what the guide explains: the county's CalFresh office, not any food place.
        const text = `${service.name} ${service.description ?? ''}`.toLowerCase();
        return guideWords.some((word) => text.includes(word));
      }
      if (!tonight) return true;
      const text = `${service.name} ${service.description ?? ''}`.toLowerCase();
      return TONIGHT_SERVICE.test(text) && !NOT_TONIGHT_SERVICE.test(service.name.toLowerCase());
    };
    const seen = new Set<string>();
    services = forThem(
      openFirst(
        [...open.results, ...all.results].filter((service) => !seen.has(service.id) && seen.add(service.id) && fits(service)),
        place.county,
      ),
      said,
    ).slice(
      0,
      SERVICES_SHOWN,
    );
  }
  return { ...base, place, placeAnswered, guide, services, at: deps.at, canSearch: deps.directory !== null, urgentHousing };
}
