/**
 * Grounding (DESIGN §7.2): find what the person needs in their own words and pick the directory
 * entries that answer it. Those entries are the only resources a model may name, and the ones the
 * guide engine offers. Plain word lists, English and Spanish basics, no model: fast and predictable.
 */
import {
  findCategory,
  nationalOrganizations,
  resourceCategories,
  type CategoryId,
  type NationalOrganization,
} from '../../shared/resource-directory.ts';
import type { AssistantTurn } from './assistant.ts';
import { normalizeText } from './text.ts';

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

/** Words for each need. A trailing * matches any ending ("evict*": evicted, eviction). */
const CATEGORY_TERMS: Record<CategoryId, readonly string[]> = {
  housing: [
    'homeless*', 'shelter*', 'housing', 'house', 'evict*', 'rent', 'apartment', 'place to sleep', 'place to stay', 'place to live', 'somewhere to stay', 'kick me out', 'kicking me out',
    'slept on the', 'slept outside', 'slept in my car', 'sleeping on the', 'on the bus', 'anywhere to go', 'nowhere to stay',
    'lose my apartment', 'losing my apartment', 'lose my home', 'losing my home', 'lose my housing', 'losing my housing',
    'sleeping outside', 'sleep outside', 'sleeping in my car', 'sleep in my car', 'living in my car', 'on the street*', 'tent',
    'couch surf*', 'kicked out', 'landlord', 'lease', 'bed', 'motel', 'roof over', 'somewhere to sleep', 'nowhere to go',
    'nowhere to sleep', 'vivienda', 'refugio', 'albergue', 'desalo*', 'renta', 'alquiler', 'en la calle', 'dormir', 'no tengo casa',
    'techo', 'apartamento', 'sin hogar',
  ],
  food: [
    'food', 'hungry', 'hunger', 'starving', 'eat', 'eaten', 'eating', 'meal*', 'groceries', 'grocery', 'pantry', 'pantries',
    'calfresh', 'snap', 'food stamps', 'ebt', 'wic', 'lunch', 'dinner', 'breakfast', 'food bank', 'formula', 'comida', 'hambre',
    'comer', 'despensa', 'cupones', 'alimentos',
  ],
  health: [
    'health', 'doctor', 'clinic', 'sick', 'ill', 'medicine', 'medication*', 'meds', 'prescription*', 'pain', 'hospital', 'mental health',
    'therap*', 'counsel*', 'depress*', 'anxi*', 'panic attack*', 'dental', 'dentist', 'tooth', 'teeth', 'toothache', 'insurance',
    'medi-cal', 'medical', 'medicaid', 'addict*', 'drugs', 'alcohol*', 'drinking', 'sober', 'rehab', 'detox', 'relapse*', 'pregnan*',
    'salud', 'medico', 'clinica', 'enferm*', 'medicina', 'dientes', 'dentista', 'seguro medico', 'ansiedad', 'depresion', 'drogas',
  ],
  employment: [
    'job', 'jobs', 'need work', 'find work', 'looking for work', 'out of work', 'no work', 'lost work', 'employ*', 'unemploy*', 'laid off', 'fired', 'income', 'money', 'cash', 'broke', 'bills',
    'benefits', 'ssi', 'ssdi', 'disability', 'taxes', 'tax', 'resume', 'interview*', 'paycheck', 'hours cut', 'hours got cut', 'trabajo',
    'empleo', 'desemplead*', 'dinero', 'despedid*', 'beneficios', 'impuestos',
  ],
  legal: [
    'legal', 'lawyer', 'attorney', 'court', 'landlord', 'evict*', 'tenant', 'immigra*', 'papers', 'visa', 'green card', 'undocumented', 'deport*',
    'record', 'expunge*', 'conviction', 'felony', 'background check', 'rights', 'warrant', 'custody', 'unlawful detainer',
    'abogad*', 'corte', 'inmigra*', 'papeles', 'derechos', 'desalo*',
  ],
  crisis: [
    'crisis', 'abuse*', 'abusive', 'domestic violence', 'hits me', 'beats me', 'unsafe', 'assault*', 'rape*', 'panic', 'suicid*', 'violencia', 'violacion',
  ],
};

/** Words that point to one entry within its category. */
const RESOURCE_TERMS: Record<string, readonly string[]> = {
  'Emergency Shelter': ['slept on the', 'slept outside', 'sleeping on the', 'on the bus', 'anywhere to go', 'shelter*', 'tonight', 'place to sleep', 'place to stay', 'somewhere to stay', 'somewhere to sleep', 'nowhere to sleep', 'nowhere to go', 'sleep*', 'outside', 'on the street*', 'tent', 'bed', 'homeless*', 'kicked out', 'refugio', 'albergue', 'dormir', 'en la calle', 'no tengo casa', 'sin hogar'],
  'Transitional Housing': ['transitional', 'long term', 'longer term', 'program', 'couch surf*', 'motel'],
  'Rental Assistance': ['lose my apartment', 'losing my apartment', 'lose my home', 'losing my home', 'rent', 'behind on rent', 'back rent', 'owe', 'pay rent', 'renta', 'alquiler', 'evict*', 'desalo*'],
  'Supportive Housing': ['supportive', 'permanent', 'disability', 'disabled'],
  'Food Pantries': ['pantry', 'pantries', 'groceries', 'grocery', 'food bank', 'despensa', 'alimentos', 'kids', 'family'],
  'Free Meals': ['hungry', 'hunger', 'starving', 'meal*', 'eat', 'eaten', 'eating', 'hot meal', 'lunch', 'dinner', 'breakfast', 'today', 'tonight', 'hambre', 'comer', 'comida'],
  'CalFresh (Food Stamps)': ['calfresh', 'snap', 'food stamps', 'ebt', 'cupones', 'benefits', 'groceries'],
  'WIC for Families': ['wic', 'baby', 'babies', 'pregnan*', 'infant', 'formula', 'embarazada', 'bebe'],
  'Home-Delivered Meals': ['senior', 'elderly', 'homebound', 'disabled', "can't leave", 'delivered', 'delivery'],
  'Free & Low-Cost Clinics': ['doctor', 'clinic', 'sick', 'ill', 'medicine', 'medication*', 'meds', 'prescription*', 'pain', 'pregnan*', 'medico', 'clinica', 'enferm*', 'medicina'],
  'Mental Health Services': ['mental health', 'therap*', 'counsel*', 'depress*', 'anxi*', 'panic*', 'stress*', 'lonely', 'alone', 'sad', 'overwhelm*', 'salud mental', 'ansiedad', 'depresion', 'triste'],
  'Substance Use Treatment': ['drugs', 'alcohol*', 'drinking', 'sober', 'rehab', 'detox', 'addict*', 'relapse*', 'using', 'drogas'],
  'Dental Care': ['dental', 'dentist', 'tooth', 'teeth', 'toothache', 'dientes', 'dentista'],
  'Medi-Cal Enrollment Help': ['medi-cal', 'medicaid', 'insurance', 'seguro medico', 'coverage'],
  'Job Training': ['training', 'skills', 'certificat*', 'learn', 'class*'],
  'Job Search Help': ['job', 'jobs', 'need work', 'find work', 'looking for work', 'out of work', 'hired', 'resume', 'interview*', 'unemploy*', 'laid off', 'fired', 'trabajo', 'empleo', 'desemplead*', 'despedid*'],
  'Cash Assistance': ['money', 'cash', 'broke', 'bills', 'income', 'dinero', 'paycheck'],
  'SSI & Disability Benefits Help': ['ssi', 'ssdi', 'disability', 'disabled', 'discapacidad'],
  'Free Tax Preparation': ['tax', 'taxes', 'impuestos'],
  'Eviction Defense': ['lose my apartment', 'losing my apartment', 'days to leave', 'days to move', 'evict*', 'kick me out', 'kicking me out', 'eviction notice', 'unlawful detainer', 'court', 'desalo*'],
  'Tenant Rights Counseling': ['landlord', 'tenant', 'repair*', 'heater', 'heat', 'mold', 'lease', 'deposit', 'rights', 'derechos'],
  'Free Legal Aid': ['lawyer', 'attorney', 'legal', 'court', 'custody', 'warrant', 'abogad*', 'corte'],
  'Immigration Legal Help': ['immigra*', 'papers', 'visa', 'green card', 'undocumented', 'deport*', 'inmigra*', 'papeles'],
  'Record Clearance': ['record', 'expunge*', 'conviction', 'felony', 'background check'],
  'Crisis Counseling': ['crisis', 'panic', 'overwhelm*'],
  'Suicide Prevention': ['suicid*'],
  'Domestic Violence Support': ['abuse*', 'abusive', 'domestic violence', 'hits me', 'beats me', 'unsafe', 'violencia'],
  'Sexual Assault Support': ['assault*', 'rape*', 'violacion'],
};

/** National organizations worth offering for a need, with the words that call for them. */
const ORGANIZATION_TERMS: ReadonlyArray<{ name: string; categoryId: CategoryId; terms: readonly string[] }> = [
  { name: 'NAMI (National Alliance on Mental Illness)', categoryId: 'health', terms: ['mental illness', 'bipolar', 'schizophreni*', 'depress*', 'anxi*', 'mental health', 'support group*'] },
  { name: 'Feeding America', categoryId: 'food', terms: ['food bank', 'food banks'] },
  { name: 'National Domestic Violence Hotline', categoryId: 'crisis', terms: ['abuse*', 'abusive', 'domestic violence', 'violencia'] },
  { name: 'USA.gov Benefits', categoryId: 'employment', terms: ['benefits', 'government help', 'unemployment', 'beneficios'] },
  { name: 'HealthCare.gov', categoryId: 'health', terms: ['insurance', 'coverage', 'covered california', 'seguro medico'] },
];

const MAX_RESOURCES = 3;

const FOLLOW_UP = /^(?:(?:yes|yeah|yep|yup|ok|okay|sure|please|yes please|si|claro|dale|por favor|and|y)\b[\s,.!]*)+$|^(?:where|how|when|what|which|who|donde|como|cuando|que|cual)\b[^.!]{0,40}\??$|^[^.!]{0,30}\?$/;

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
