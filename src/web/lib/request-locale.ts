import { isLocale, type Locale } from '../../shared/locales.ts';

/**
 * The page's language as chat and voice requests carry it (decision 069): `<html lang>`, which the
 * app keeps equal to the language it renders in. English, the default, is not sent.
 */
export function requestLocale(): { locale?: Locale } {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLocale(lang) && lang !== 'en' ? { locale: lang } : {};
}
