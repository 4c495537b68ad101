/**
 * The guide's words in each language Ellis speaks (issue 15; issue 14 point 4): one content file per
 * language in ./guide-wording/, like the how-to guides, so a reviewer edits words without touching
 * code. The code keeps only what is not wording: which need a question is for, and the patterns
 * that tell a question was already answered (named here, by `answeredBy`).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { CATEGORY_IDS } from '../../shared/resource-directory.ts';
import { SERVICE_LABELS_EN, type ServiceLabelKey } from '../../shared/service-labels.ts';
import { SITE_LOCALES, type SiteLocale } from '../../shared/site-locales.ts';

/** Patterns that say a question was already answered ("court date next week"), by name. */
export const ANSWERED_BY = {
  tonight: /\b(?:sleeping|staying|living|slept|stay) (?:in|at|on|with|outside)\b|\bin my car\b|\bon the street/,
  ate: /\b(?:eaten|ate|eat|eating|comido|comer)\b/,
  coverage: /\b(?:medi-?cal|insurance|coverage)\b/,
  duration: /\bfor (?:a|an|\d+|two|three|several|many|a few) (?:day|week|month|year)s?\b|\bsince\b/,
  papers: /\b(?:court|papers|notice|summons)\b/,
  deadline: /\b(?:court date|deadline|hearing)\b/,
  notice: /\b(?:notice|court|papers|evicted)\b/,
  due: /\bdue\b/,
} as const satisfies Record<string, RegExp>;

const NEEDS = [...CATEGORY_IDS, 'none'] as const;
const FEELING_IDS = ['scared', 'stressed', 'givingUp', 'sad', 'alone', 'tired', 'angry'] as const;
export type FeelingId = (typeof FEELING_IDS)[number];

const text = z.string().min(1);
const texts = z.array(text).min(1);
const questionSchema = z.object({ text, answeredBy: z.enum(Object.keys(ANSWERED_BY) as [keyof typeof ANSWERED_BY]).optional() });
const byNeed = <T extends z.ZodType>(schema: T) => z.object(Object.fromEntries(NEEDS.map((need) => [need, schema])) as Record<(typeof NEEDS)[number], T>);
const byCategory = <T extends z.ZodType>(schema: T) =>
  z.object(Object.fromEntries(CATEGORY_IDS.map((id) => [id, schema])) as Record<(typeof CATEGORY_IDS)[number], T>).partial();

const wordingSchema = z.strictObject({
  summaries: byNeed(texts),
  acknowledgements: texts,
  /** For later turns, where "I'm glad you reached out" would sound like a first meeting. */
  laterAcknowledgements: texts,
  reflections: texts,
  resourceIntros: texts,
  crisisResourceIntro: text,
  general211: text,
  questions: byNeed(z.array(questionSchema).min(1)),
  /** Questions that fit one directory entry (by its English name) better than its category's. */
  resourceQuestions: z.record(z.string(), z.array(questionSchema).min(1)),
  requestOpenings: texts,
  whatIsOpenings: texts,
  anythingElse: text,
  notUnderstood: text,
  followUpWithResources: text,
  followUpShown: text,
  alreadyShown: text,
  generalHelp: text,
  /** Voice reads no links. */
  generalHelpVoice: text,
  greeting: texts,
  greetingQuestion: texts,
  thanks: texts,
  goodbye: texts,
  identity: text,
  feelingsQuestion: texts,
  feelings: z.strictObject(Object.fromEntries(FEELING_IDS.map((id) => [id, text])) as Record<FeelingId, typeof text>),
  /** What goes between two sentences: a space, or nothing in Chinese. */
  sentenceSpace: z.string(),
  /** What ends a sentence the code builds: "." or "。". */
  fullStop: text,
  listSeparator: text,
  and: text,
  resourceLine: text,
  resourceLineWithPhone: text,
  voiceLookUpInGuide: text,
  voiceAlsoThere: text,
  voiceNameAtPhone: text,
  directory: z.strictObject({
    placeQuestion: text,
    placeQuestionVoice: text,
    placeRetry: text,
    placeRetryOr: text,
    repeatOfferVoice: text,
    tonightOpening: text,
    openings: byCategory(text),
    listingIntros: byCategory(text),
    introGuide: text,
    introTonight: text,
    introNearby: text,
    openNowFirst: text,
    header: text,
    tonightAskFirst: text,
    askPlaceFirst: byCategory(text),
    county: text,
    near: text,
    nearYou: text,
    inCounty: text,
    whereCountyNear: text,
    byPhone: text,
    voiceAt: text,
    voiceByPhone: text,
    voiceNumber: text,
    voiceCallFirst: text,
    call: text,
    note: text,
    noListing: text,
    placeThanks: text,
    ifFull: text,
    howToOrdinals: z.array(text).length(5),
    howToStepVoice: text,
    howToBringVoice: text,
    howToCountyHelpVoice: text,
    howToSourceVoice: text,
    howToBring: text,
    howToCountyHelp: text,
    howToWhere: text,
    howToSource: text,
    itemSeparator: text,
    repeatVoice: text,
    repeatChat: text,
  }),
  /** `voice` is the spoken greeting of a web call, which says that nothing is recorded. */
  welcome: z.strictObject({ public: text, privateGreeting: text, privateGreetingNamed: text, private: text, voice: text }),
  /** The labels beside a service; the same words as the web's `resources` catalog (a test compares them). */
  serviceLabels: z.strictObject(
    Object.fromEntries(Object.keys(SERVICE_LABELS_EN).map((key) => [key, text])) as Record<ServiceLabelKey, typeof text>,
  ),
});

export type GuideWording = z.infer<typeof wordingSchema>;
export type WordingQuestion = z.infer<typeof questionSchema>;

const WORDING_DIR = new URL('./guide-wording/', import.meta.url);

function loadWording(locale: SiteLocale): GuideWording {
  const parsed = wordingSchema.safeParse(JSON.parse(readFileSync(new URL(`${locale}.json`, WORDING_DIR), 'utf8')));
  if (!parsed.success) throw new Error(`Guide wording ${locale}.json is invalid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export const GUIDE_WORDING: Readonly<Record<SiteLocale, GuideWording>> = Object.fromEntries(
  SITE_LOCALES.map((locale) => [locale, loadWording(locale)]),
) as Record<SiteLocale, GuideWording>;

export function guideWording(locale: SiteLocale): GuideWording {
  return GUIDE_WORDING[locale];
}

/** Fills `{name}` placeholders. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
