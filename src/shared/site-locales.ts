/**
 * The languages Ellis speaks: the web catalogs' folders, the assistant's wording files
 * and the `locale` field a chat request may carry. English is the source and the fallback.
 */
import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from './locales.ts';

// The list itself lives in locales.ts, which the public pages' islands import without zod.
export const SITE_LOCALES = LOCALES;

export type SiteLocale = Locale;

export const DEFAULT_SITE_LOCALE: SiteLocale = DEFAULT_LOCALE;

export const isSiteLocale: (value: unknown) => value is SiteLocale = isLocale;

/**
 * The page's locale as a chat request sends it. Optional everywhere (DESIGN §5: no breaking change);
 * a locale Ellis does not speak is read as absent, not refused, so an older or newer page still chats.
 */
export const requestLocaleSchema = z
  .unknown()
  .transform((value): SiteLocale | null => (isSiteLocale(value) ? value : null))
  .optional();
