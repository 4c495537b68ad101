/**
 * The languages of the site and how a path carries one: English at the root (/about),
 * every other language under its own prefix (/es/about, /es/chat). Shared by the server, which
 * serves and negotiates them, and the web app, which writes the links. The one list of languages:
 * site-locales.ts (the assistant's side) reads it from here.
 */
export const LOCALES = ['en', 'es', 'zh-Hant', 'tl', 'vi'] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name written in that language, as the switcher shows it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  es: 'Español',
  'zh-Hant': '繁體中文',
  tl: 'Tagalog',
  vi: 'Tiếng Việt',
};

/** The tag Intl formats dates and times with for each locale (here, not beside zod: the services island uses it). */
export const INTL_LOCALE: Readonly<Record<Locale, string>> = {
  en: 'en-US',
  es: 'es-US',
  'zh-Hant': 'zh-Hant-US',
  tl: 'fil-PH',
  vi: 'vi-VN',
};

/** The cookie that keeps a visitor's choice of language (no account needed). */
export const LANGUAGE_COOKIE = 'ellis_lang';

/** The server route the switcher's links go through: it keeps the choice, then opens the page. */
export const LANGUAGE_CHOICE_PATH = '/language';

/**
 * The public pages (islands, decision 097): at their English address the server negotiates the
 * language (cookie, else Accept-Language), and the switcher may send a visitor back to them. Every
 * page, app screens too, is prerendered in every language (src/web/app/route-table.ts).
 */
export const LOCALIZED_PAGE_PATHS = ['/', '/about', '/resources', '/privacy'] as const;

export function isLocalizedPage(path: string): boolean {
  return (LOCALIZED_PAGE_PATHS as readonly string[]).includes(path);
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Splits /es/about into es and /about; a path without a language prefix is English. */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE) continue;
    const prefix = `/${locale}`;
    if (pathname === prefix || pathname === `${prefix}/`) return { locale, path: '/' };
    if (pathname.startsWith(`${prefix}/`)) return { locale, path: pathname.slice(prefix.length) };
  }
  return { locale: DEFAULT_LOCALE, path: pathname };
}

/** The address of a page in a language: localePath('es', '/about') is /es/about, and '/' is /es/. */
export function localePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}/` : `/${locale}${path}`;
}

/** A language tag of Accept-Language mapped to ours: zh-TW, zh-HK and zh-Hant-* read Traditional Chinese. */
function localeForTag(tag: string): Locale | null {
  const lower = tag.toLowerCase();
  const [language, ...rest] = lower.split('-');
  if (language === 'en') return 'en';
  if (language === 'es') return 'es';
  if (language === 'vi') return 'vi';
  if (language === 'tl' || language === 'fil') return 'tl';
  if (language === 'zh') {
    // Simplified Chinese (zh-CN, zh-Hans, bare zh) is not offered: a Simplified reader is better
    // served by English than by a script they were not asked about, so it does not match.
    if (rest.includes('hant') || rest.includes('tw') || rest.includes('hk') || rest.includes('mo')) return 'zh-Hant';
  }
  return null;
}

/** The visitor's preferred language among ours from an Accept-Language header, by quality, or null. */
export function negotiateLocale(acceptLanguage: string | undefined): Locale | null {
  if (!acceptLanguage) return null;
  const ranges = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      const quality = qParam ? Number(qParam.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((range) => range.tag !== '' && range.tag !== '*' && range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const range of ranges) {
    const locale = localeForTag(range.tag);
    if (locale) return locale;
  }
  return null;
}
