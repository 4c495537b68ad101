/**
 * The static resource directory (SPEC §3 "Static resource directory"): six categories of five links
 * each, and six national organizations. The /resources page, GET /api/resources and the assistant's
 * grounding (DESIGN §7.2) all read this one module, so a name, link or number shown to a visitor
 * always comes from here or from configuration — never from a model.
 *
 * Rules for editing:
 * - every link is https and goes to the service guide or the organization's own site;
 * - a phone number is added only when the organization publishes it on its own site, and the
 *   `source` says where it comes from;
 * - category ids and names are part of the spec and the public API: do not rename them.
 */
import { dialDigits } from './crisis-lines.ts';

export const CATEGORY_IDS = ['housing', 'food', 'health', 'employment', 'legal', 'crisis'] as const;

export type CategoryId = (typeof CATEGORY_IDS)[number];

export interface DirectoryResource {
  name: string;
  url: string;
  /** Where the link comes from. */
  source: string;
}

export interface ResourceCategory {
  id: CategoryId;
  name: string;
  /**
   * Words a person might use for this need. The assistant uses them to pick a category (DESIGN
   * §7.2); the page's search does not (SPEC §2: search matches resource names only).
   */
  keywords: readonly string[];
  resources: readonly DirectoryResource[];
}

export interface NationalOrganization {
  name: string;
  description: string;
  url: string;
  /** A number the organization publishes, written as it publishes it. */
  phone?: string;
  /** Where the link and number come from. */
  source: string;
}

export const SF_SERVICE_GUIDE_ORIGIN = 'https://www.sfserviceguide.org';
export const BAY_AREA_211_URL = 'https://www.211bayarea.org/';

/** A search page of the SF Service Guide, a public directory of San Francisco social services. */
export function serviceGuideSearch(name: string, term: string): DirectoryResource {
  return {
    name,
    url: `${SF_SERVICE_GUIDE_ORIGIN}/search?query=${encodeURIComponent(term)}`,
    source: `SF Service Guide (sfserviceguide.org), a public directory of San Francisco services: its search for "${term}".`,
  };
}

function bayArea211(name: string): DirectoryResource {
  return {
    name,
    url: BAY_AREA_211_URL,
    source:
      '211 Bay Area (211bayarea.org), the Bay Area 211 referral service for housing, food, health and other help; dial 211 to reach it by phone.',
  };
}

export const resourceCategories: readonly ResourceCategory[] = [
  {
    id: 'housing',
    name: 'Housing & Shelter',
    keywords: ['homeless', 'shelter', 'housing', 'evicted', 'eviction', 'rent', 'apartment', 'sleep', 'bed', 'place to stay', 'landlord', 'vivienda', 'refugio'],
    resources: [
      serviceGuideSearch('Emergency Shelter', 'emergency shelter'),
      serviceGuideSearch('Transitional Housing', 'transitional housing'),
      serviceGuideSearch('Rental Assistance', 'rental assistance'),
      serviceGuideSearch('Supportive Housing', 'supportive housing'),
      bayArea211('Bay Area 211 Housing Help'),
    ],
  },
  {
    id: 'food',
    name: 'Food & Nutrition',
    keywords: ['food', 'hungry', 'hunger', 'meal', 'eat', 'groceries', 'pantry', 'calfresh', 'snap', 'food stamps', 'wic', 'comida'],
    resources: [
      serviceGuideSearch('Food Pantries', 'food pantry'),
      serviceGuideSearch('Free Meals', 'free meals'),
      serviceGuideSearch('CalFresh (Food Stamps)', 'calfresh'),
      serviceGuideSearch('WIC for Families', 'wic'),
      serviceGuideSearch('Home-Delivered Meals', 'home delivered meals'),
    ],
  },
  {
    id: 'health',
    name: 'Healthcare',
    keywords: ['health', 'doctor', 'clinic', 'sick', 'medicine', 'mental health', 'therapy', 'counseling', 'dental', 'insurance', 'medi-cal', 'addiction', 'drugs', 'alcohol', 'salud'],
    resources: [
      serviceGuideSearch('Free & Low-Cost Clinics', 'free clinic'),
      serviceGuideSearch('Mental Health Services', 'mental health'),
      serviceGuideSearch('Substance Use Treatment', 'substance use'),
      serviceGuideSearch('Dental Care', 'dental'),
      serviceGuideSearch('Medi-Cal Enrollment Help', 'medi-cal'),
    ],
  },
  {
    id: 'employment',
    name: 'Employment & Income',
    keywords: ['job', 'work', 'employment', 'unemployed', 'income', 'money', 'cash', 'benefits', 'ssi', 'disability', 'taxes', 'trabajo'],
    resources: [
      serviceGuideSearch('Job Training', 'job training'),
      serviceGuideSearch('Job Search Help', 'employment'),
      serviceGuideSearch('Cash Assistance', 'cash assistance'),
      serviceGuideSearch('SSI & Disability Benefits Help', 'ssi'),
      serviceGuideSearch('Free Tax Preparation', 'tax preparation'),
    ],
  },
  {
    id: 'legal',
    name: 'Legal Services',
    keywords: ['legal', 'lawyer', 'attorney', 'court', 'eviction', 'tenant', 'immigration', 'record', 'rights', 'abogado'],
    resources: [
      serviceGuideSearch('Eviction Defense', 'eviction'),
      serviceGuideSearch('Tenant Rights Counseling', 'tenant rights'),
      serviceGuideSearch('Free Legal Aid', 'legal aid'),
      serviceGuideSearch('Immigration Legal Help', 'immigration legal'),
      serviceGuideSearch('Record Clearance', 'record clearance'),
    ],
  },
  {
    id: 'crisis',
    name: 'Crisis Support',
    keywords: ['crisis', 'suicide', 'suicidal', 'hurt myself', 'abuse', 'domestic violence', 'unsafe', 'assault', 'emergency', 'panic', 'crisis line', 'crisis hotline'],
    resources: [
      serviceGuideSearch('Crisis Counseling', 'crisis'),
      serviceGuideSearch('Suicide Prevention', 'suicide prevention'),
      serviceGuideSearch('Domestic Violence Support', 'domestic violence'),
      serviceGuideSearch('Sexual Assault Support', 'sexual assault'),
      bayArea211('Bay Area 211 (24/7 Help Line)'),
    ],
  },
];

export const nationalOrganizations: readonly NationalOrganization[] = [
  {
    name: '211',
    description:
      'Free, confidential help finding local services: housing, food, utilities, health care and more. Dial 211 to talk with a trained specialist.',
    url: 'https://www.211.org',
    phone: '211',
    source: '211.org, the national 211 network (United Way). Dialing 211 reaches the local 211 center.',
  },
  {
    name: 'NAMI (National Alliance on Mental Illness)',
    description:
      'Mental health information, free support groups, and the NAMI HelpLine for people living with mental illness and their families.',
    url: 'https://www.nami.org',
    phone: '1-800-950-6264',
    source: 'nami.org: the NAMI HelpLine number, 1-800-950-NAMI (6264), is published on its Help page.',
  },
  {
    name: 'Feeding America',
    description: 'A nationwide network of food banks. Find the food bank nearest you and the pantries and meal programs it supplies.',
    url: 'https://www.feedingamerica.org',
    source: 'feedingamerica.org, the national network of US food banks; its "Find your local food bank" search.',
  },
  {
    name: 'National Domestic Violence Hotline',
    description:
      'Free, confidential support 24/7 for anyone experiencing abuse: call, text START to 88788, or chat online. Advocates help you plan for safety.',
    url: 'https://www.thehotline.org',
    phone: '1-800-799-7233',
    source: 'thehotline.org: call 1-800-799-7233 or text START to 88788.',
  },
  {
    name: 'USA.gov Benefits',
    description:
      'Find government benefits you may qualify for: food, housing, health care, disability, unemployment and more. Benefits.gov has moved here.',
    url: 'https://www.usa.gov/benefits',
    source: 'usa.gov/benefits, the official US government benefits finder (Benefits.gov was retired into USA.gov).',
  },
  {
    name: 'HealthCare.gov',
    description:
      'The official health insurance marketplace. Compare plans and see if you can get lower costs or free coverage (in California, Medi-Cal and Covered California).',
    url: 'https://www.healthcare.gov',
    source: 'healthcare.gov, the federal health insurance marketplace run by the Centers for Medicare & Medicaid Services.',
  },
];

export function isCategoryId(value: unknown): value is CategoryId {
  return typeof value === 'string' && (CATEGORY_IDS as readonly string[]).includes(value);
}

export function findCategory(id: CategoryId): ResourceCategory {
  const category = resourceCategories.find((candidate) => candidate.id === id);
  if (!category) throw new Error(`Unknown resource category ${id}`);
  return category;
}

/**
 * Every link and dialable number in the directory, for the assistant's output guard (DESIGN §7.2):
 * model text may only contain these (plus the crisis lines and configured numbers).
 */
export function directoryContacts(): { urls: string[]; phoneDigits: string[] } {
  const urls = new Set<string>();
  const phoneDigits = new Set<string>();
  for (const category of resourceCategories) for (const resource of category.resources) urls.add(resource.url);
  for (const organization of nationalOrganizations) {
    urls.add(organization.url);
    if (organization.phone) phoneDigits.add(dialDigits(organization.phone));
  }
  return { urls: [...urls], phoneDigits: [...phoneDigits] };
}
