import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, localePath, type Locale } from '../../shared/locales.ts';
import { pageRoutes } from '../app/route-table.ts';

/** The language the page is rendered in (the i18n instance's, per server render or in the browser). */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/**
 * A plain anchor's or form's address for a page, in the page's language (/es/about links to
 * /es/chat). Router links need no help: the language prefix is the router's basename.
 */
export function usePageHref(): (path: string) => string {
  const locale = useLocale();
  return (path) => {
    const [pathname = '', query = ''] = path.split(/(?=[?#])/, 2);
    return pageRoutes.some((route) => route.path === pathname) ? `${localePath(locale, pathname)}${query}` : path;
  };
}
