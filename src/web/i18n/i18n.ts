import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../shared/locales.ts';
import common from './en/common.json' with { type: 'json' };
import content from './en/content.json' with { type: 'json' };
import resources from './en/resources.json' with { type: 'json' };

/** Catalogs every page uses (the layout, the public pages). */
export const namespaces = ['common', 'content', 'resources'] as const;

/** Catalogs of the account, chat and voice screens, loaded with those screens' code. */
export type LazyNamespace = 'auth' | 'dashboard' | 'chat' | 'voice' | 'privacy';

type Namespace = (typeof namespaces)[number] | LazyNamespace;

export const englishCatalog = { common, content, resources };

// English, the fallback of every language, is bundled for the pages every visitor sees; every other
// catalog (other languages, the screens' namespaces) is a chunk of its own, fetched when needed.
const catalogFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  './*/*.json',
  '!./en/common.json',
  '!./en/content.json',
  '!./en/resources.json',
]);

// Initialisation is synchronous: the server render and the first client render see the same
// strings and hydration matches. Another language is switched to only after its catalogs are in.
void i18next.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: LOCALES,
  ns: namespaces,
  defaultNS: 'common',
  resources: { [DEFAULT_LOCALE]: englishCatalog },
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/**
 * Loads catalogs of a language (and their English fallback) into the shared store. Screens call it
 * before they first render, on the server and in the browser alike; a missing translation shows
 * the English text.
 */
export async function loadCatalogs(locale: Locale, names: readonly Namespace[]): Promise<void> {
  const wanted = new Set<Locale>([DEFAULT_LOCALE, locale]);
  await Promise.all(
    [...wanted].flatMap((language) =>
      names.map(async (name) => {
        if (i18next.hasResourceBundle(language, name)) return;
        const load = catalogFiles[`./${language}/${name}.json`];
        if (!load) throw new Error(`No catalog ${language}/${name}`);
        const catalog = await load();
        i18next.addResourceBundle(language, name, catalog.default, true, true);
      }),
    ),
  );
}

/** The language of this browser page: its catalogs for every page are loaded, then it is current. */
export async function switchLanguage(locale: Locale): Promise<I18n> {
  await loadCatalogs(locale, namespaces);
  if (i18next.language !== locale) await i18next.changeLanguage(locale);
  return i18next;
}

/**
 * An i18n instance for one server render in one language, sharing the catalogs already loaded, so
 * concurrent renders in different languages never switch each other's language.
 */
export async function i18nForRender(locale: Locale, names: readonly Namespace[]): Promise<I18n> {
  await loadCatalogs(locale, [...namespaces, ...names]);
  return i18next.cloneInstance({ lng: locale, initAsync: false });
}

/** The current language of the browser page. */
export function currentLocale(): Locale {
  const language = i18next.language;
  return (LOCALES as readonly string[]).includes(language) ? (language as Locale) : DEFAULT_LOCALE;
}

export { i18next };
