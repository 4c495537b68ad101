import { useTranslation } from 'react-i18next';

/**
 * The Intl locale for a catalog language: English dates as SPEC §9 writes them (en-US), Spanish as
 * written in the United States, the others as they are (Intl reads tl as Filipino).
 */
export function intlLocale(language: string): string {
  if (language === 'en') return 'en-US';
  if (language === 'es') return 'es-US';
  return language;
}

/** The Intl locale of the page's language, for dates, times and numbers. */
export function useIntlLocale(): string {
  const { i18n } = useTranslation();
  return intlLocale(i18n.language);
}
