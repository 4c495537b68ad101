/**
 * How-to guides (docs/decisions/066): step-by-step answers to the practical questions people ask
 * most ("how do I apply for food stamps"), kept as editable content files in ./guides/, one JSON
 * file per guide, like the home page's copy. Each guide names its official sources; a test checks
 * that every link and number in a guide is one of its sources or the directory's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { CATEGORY_IDS } from '../../shared/resource-directory.ts';
import { BAY_AREA_COUNTIES } from '../../shared/services-api.ts';
import { SITE_LOCALES, type SiteLocale } from '../../shared/site-locales.ts';
import { normalizeText } from './text.ts';

const guideSourceSchema = z.object({
  name: z.string().min(1),
  url: z.url({ protocol: /^https$/ }),
  /** A number the source publishes, written as it publishes it. */
  phone: z.string().optional(),
});

const guideSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  category: z.enum(CATEGORY_IDS),
  /** Words that point to this guide when the person asks how to do something. */
  triggers: z.array(z.string().min(1)).min(1),
  intro: z.string().min(1),
  /** What the program is called in a county, where it has its own name (SF's CAAP). */
  countyNames: z.partialRecord(z.enum(BAY_AREA_COUNTIES), z.string()).optional(),
  steps: z.array(z.string().min(1)).min(2),
  bring: z.array(z.string().min(1)),
  where: z.array(z.string().min(1)),
  sources: z.array(guideSourceSchema).min(1),
  /**
   * Phrases that find where to do it near the person (their county's office), comma-separated: the
   * directory search text, and one of them must be in a service's name or description.
   */
  search: z.string().min(1).optional(),
  lastReviewed: z.iso.date(),
});

export type HowToGuide = z.infer<typeof guideSchema>;

/**
 * A guide's words in another language (./guides/<locale>/<id>.json): the same steps in the same
 * order, with the same numbers, links and sources (a test compares them); only the words change.
 */
const translationSchema = z.strictObject(
  // `triggers` here are words in that language that point to the guide, added to the English ones.
  guideSchema.pick({ title: true, triggers: true, intro: true, countyNames: true, steps: true, bring: true, where: true }).shape,
);

export type GuideTranslation = z.infer<typeof translationSchema>;

const GUIDES_DIR = new URL('./guides/', import.meta.url);

function loadGuides(): HowToGuide[] {
  return readdirSync(GUIDES_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const parsed = guideSchema.safeParse(JSON.parse(readFileSync(new URL(file, GUIDES_DIR), 'utf8')));
      if (!parsed.success) throw new Error(`Guide ${file} is invalid: ${z.prettifyError(parsed.error)}`);
      if (`${parsed.data.id}.json` !== file) throw new Error(`Guide ${file} must have the id ${file.slice(0, -5)}`);
      return parsed.data;
    });
}

export const howToGuides: readonly HowToGuide[] = loadGuides();

function loadTranslations(): Map<string, GuideTranslation> {
  const translations = new Map<string, GuideTranslation>();
  for (const locale of SITE_LOCALES) {
    if (locale === 'en') continue;
    const dir = new URL(`./${locale}/`, GUIDES_DIR);
    for (const guide of howToGuides) {
      let raw: string;
      try {
        raw = readFileSync(new URL(`${guide.id}.json`, dir), 'utf8');
      } catch {
        continue;
      }
      const parsed = translationSchema.safeParse(JSON.parse(raw));
      if (!parsed.success) throw new Error(`Guide ${locale}/${guide.id}.json is invalid: ${z.prettifyError(parsed.error)}`);
      if (parsed.data.steps.length !== guide.steps.length) throw new Error(`Guide ${locale}/${guide.id}.json must have ${guide.steps.length} steps`);
      translations.set(`${locale}/${guide.id}`, parsed.data);
    }
  }
  return translations;
}

const translations = loadTranslations();

/** The translation of a guide, or undefined when there is none yet (English is shown then). */
export function guideTranslation(id: string, locale: SiteLocale): GuideTranslation | undefined {
  return translations.get(`${locale}/${id}`);
}

/** The guide in the reader's language: its words translated, its sources, numbers and links the same. */
export function localizedGuide(guide: HowToGuide, locale: SiteLocale): HowToGuide {
  const translation = locale === 'en' ? undefined : guideTranslation(guide.id, locale);
  if (!translation) return guide;
  const { triggers: _triggers, ...words } = translation;
  return { ...guide, ...words, countyNames: translation.countyNames ?? {} };
}

/** The English triggers and those of every translation. */
function allTriggers(guide: HowToGuide): string[] {
  return [
    ...guide.triggers,
    ...SITE_LOCALES.flatMap((locale) => (locale === 'en' ? [] : (guideTranslation(guide.id, locale)?.triggers ?? []))),
  ];
}

/** "how do I…", "what do I do", "can I get…": the person asks for the way, not for a place. */
const HOW_TO = /\b(?:how (?:do|can|could|should|would) (?:i|we|you)|how does|how to|is there a way|can (?:i|we) (?:get|apply)|replace|replacement|renew|get (?:a )?(?:new|copy)|where (?:do|can|could) (?:i|we) (?:apply|sign up|get (?:a|an|my)\b)|what (?:do|should|can) (?:i|we) do|what (?:are|is) the steps|steps to|sign up|apply|applying|application|qualify|eligible|file for|get (?:it|them|calfresh|food stamps|medi-?cal) (?:fast|quickly|today)|como (?:solicito|aplico|puedo|consigo|pido|saco|reemplazo)|solicitar|paano|pano|lam sao|lam the nao|nhu the nao|cach nao|de xin)\b|點樣|怎樣|怎样|如何|怎麼|怎么|點先可以/;

function termMatches(text: string, term: string): boolean {
  const body = normalizeText(term).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
  return new RegExp(`(?:^|[^a-z0-9])${body}(?![a-z0-9])`).test(text);
}

/**
 * The guide a message asks for, or null. A guide's triggers must appear; unless `always` (an
 * eviction notice in hand is a how-to question even without "how"), the message must also ask how.
 */
export function findHowToGuide(text: string): HowToGuide | null {
  const normalized = normalizeText(text);
  const howTo = HOW_TO.test(normalized);
  let best: { guide: HowToGuide; hits: number; longest: number } | null = null;
  for (const guide of howToGuides) {
    const matched = allTriggers(guide).filter((trigger) => termMatches(normalized, trigger));
    if (matched.length === 0) continue;
    const longest = Math.max(...matched.map((trigger) => trigger.length));
    if (!best || longest > best.longest || (longest === best.longest && matched.length > best.hits)) {
      best = { guide, hits: matched.length, longest };
    }
  }
  if (!best) return null;
  if (howTo || IMPLIED_HOW_TO[best.guide.id]?.test(normalized)) return best.guide;
  return null;
}

/** Papers in hand ask for the next steps even without "how" ("I got court papers for an eviction"); so does "fast". */
const IMPLIED_HOW_TO: Readonly<Record<string, RegExp>> = {
  eviction: /\b(?:notice|papers|summons|unlawful detainer|court)\b/,
  'expedited-calfresh': /\b(?:fast|quickly|today|right away|asap)\b/,
};

/** Every link and number the guides may show. */
export function guideContacts(): { urls: string[]; phones: string[] } {
  const urls = new Set<string>();
  const phones = new Set<string>();
  for (const guide of howToGuides) {
    for (const source of guide.sources) {
      urls.add(source.url);
      if (source.phone) phones.add(source.phone);
    }
  }
  return { urls: [...urls], phones: [...phones] };
}
