/**
 * Which language Ellis answers in (issue 15, decision 069): the person's message's when it clearly
 * is one, otherwise the conversation's, otherwise the page's locale, otherwise English. The safety
 * layer detects a message's language (safety/language.ts); this only decides between that and the
 * page, since a short "ok" or a place name says nothing about the language.
 */
import { DEFAULT_SITE_LOCALE, type SiteLocale } from '../../shared/site-locales.ts';
import { detectLanguage } from './safety/language.ts';
import type { SafetyLanguage } from './safety/risk.ts';
import { normalizeText } from './text.ts';

/** Words that make a message clearly English; two of them are needed ("I need", "help me"). */
const ENGLISH_WORDS: ReadonlySet<string> = new Set(
  "i i'm im my me you your the a an and to want of is am are have has it this that do don't can can't in on for with help need what where how there here please thanks thank hi hello hey yes no not sleep food tonight place".split(' '),
);

export function localeOfLanguage(language: SafetyLanguage): SiteLocale {
  return language === 'zh' ? 'zh-Hant' : language;
}

export function languageOfLocale(locale: SiteLocale): SafetyLanguage {
  return locale === 'zh-Hant' ? 'zh' : locale;
}

function clearlyEnglish(normalized: string): boolean {
  let hits = 0;
  for (const word of normalized.split(/[^a-z']+/)) if (ENGLISH_WORDS.has(word)) hits += 1;
  return hits >= 2;
}

export interface ReplyLanguageInput {
  userText: string;
  /** The page the person writes from, when the request said so. */
  pageLocale?: SiteLocale | null;
  /**
   * The conversation's language so far (the safety layer's risk state keeps it across short
   * messages). Null or 'en' say nothing: English is also what the state starts with.
   */
  conversationLanguage?: SafetyLanguage | null;
}

export function replyLocale(input: ReplyLanguageInput): SiteLocale {
  const normalized = normalizeText(input.userText);
  const detected = detectLanguage(input.userText, normalized);
  if (detected !== 'en') return localeOfLanguage(detected);
  if (clearlyEnglish(normalized)) return 'en';
  if (input.conversationLanguage && input.conversationLanguage !== 'en') return localeOfLanguage(input.conversationLanguage);
  return input.pageLocale ?? DEFAULT_SITE_LOCALE;
}
