import { DEFAULT_LOCALE, LANGUAGE_COOKIE, isLocale, negotiateLocale, splitLocalePath, type Locale } from '../../shared/locales.ts';
import { findPageRoute } from './route-table.ts';

export interface PageLocale {
  locale: Locale;
  /** The router's basename: the language prefix of the address (/es), or '' without one. */
  basename: string;
}

/** What the browser knows about the visitor's language. */
export interface LocaleHints {
  pathname: string;
  /** document.cookie */
  cookie: string;
  /** navigator.languages, most preferred first */
  languages: readonly string[];
  /** The language the server rendered the page in (<html lang>). */
  rendered: string;
}

function cookieLocale(cookie: string): Locale | null {
  for (const part of cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== LANGUAGE_COOKIE) continue;
    const decoded = decodeURIComponent(value.join('='));
    return isLocale(decoded) ? decoded : null;
  }
  return null;
}

/**
 * The language of a page. A language prefix in the address (/es/chat) always wins, and
 * becomes the router's basename so every link and redirect keeps it. Without one, a public page
 * stays in the language the server rendered it in, while the app area (login, dashboard, chat,
 * voice) takes the visitor's choice in the `ellis_lang` cookie, else the browser's languages, else
 * English.
 */
export function pageLocale({ pathname, cookie, languages, rendered }: LocaleHints): PageLocale {
  const { locale: prefixed, path } = splitLocalePath(pathname);
  if (prefixed !== DEFAULT_LOCALE) return { locale: prefixed, basename: `/${prefixed}` };
  if (findPageRoute(path).area !== 'app') return { locale: isLocale(rendered) ? rendered : DEFAULT_LOCALE, basename: '' };
  return { locale: cookieLocale(cookie) ?? negotiateLocale(languages.join(',')) ?? DEFAULT_LOCALE, basename: '' };
}
