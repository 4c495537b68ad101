import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from './en/common.json' with { type: 'json' };
import content from './en/content.json' with { type: 'json' };
import resources from './en/resources.json' with { type: 'json' };

export const namespaces = ['common', 'content', 'resources'] as const;

export const englishCatalog = { common, content, resources };

// Catalogs are bundled, so initialisation is synchronous: the server render and the first client
// render see the same strings and hydration matches.
void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en'],
  ns: namespaces,
  defaultNS: 'common',
  resources: { en: englishCatalog },
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/**
 * Catalogs of the account, chat and voice screens. They are loaded with those screens' code, not
 * with the public pages: `loadCatalogs` runs before the screen first renders, on the server and in
 * the browser alike.
 */
export const lazyCatalogs = {
  auth: () => import('./en/auth.json'),
  dashboard: () => import('./en/dashboard.json'),
  chat: () => import('./en/chat.json'),
  voice: () => import('./en/voice.json'),
  privacy: () => import('./en/privacy.json'),
} as const;

export type LazyNamespace = keyof typeof lazyCatalogs;

export async function loadCatalogs(...names: LazyNamespace[]): Promise<void> {
  await Promise.all(
    names.map(async (name) => {
      if (i18next.hasResourceBundle('en', name)) return;
      const catalog = await lazyCatalogs[name]();
      i18next.addResourceBundle('en', name, catalog.default, true, true);
    }),
  );
}

export { i18next };
