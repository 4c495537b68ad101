import { StrictMode, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Writable } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { i18nForRender } from './i18n/i18n.ts';
import './styles/global.css';
import { Root } from './app/root.tsx';
import { findPageRoute, localizedPagePaths, notFoundRoute } from './app/route-table.ts';
import { ServicesDataProvider } from './features/services/services-data.tsx';
import { AuthProvider } from './features/auth/auth-provider.tsx';
import { PublicConfigProvider } from './lib/public-config.tsx';
import { PublicApp } from './public/public-app.tsx';
import { DEFAULT_LOCALE, LOCALES, localePath, splitLocalePath } from '../shared/locales.ts';
import type { PublicConfig } from '../shared/public-config.ts';
import type { ServicesPageData } from '../shared/services-page.ts';

export interface RenderedApp {
  appHtml: string;
  title: string;
  description: string;
  lang: string;
  /** Extra <head> elements: the page's addresses in the other languages. */
  head: string;
  /** Which HTML template the page goes in: the public pages load only their islands' script. */
  template: 'public' | 'app';
}

/** Every page in every language (/chat, /es/chat, /es/about, …), and the not-found page in every language. */
export const routePaths = [...localizedPagePaths, ...LOCALES.map((locale) => localePath(locale, notFoundRoute.path))];

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** hreflang alternates of a page (public or app screen), with x-default at the English address. */
function alternateLinks(path: string): string {
  if (path === notFoundRoute.path) return '';
  const link = (hreflang: string, href: string) => `<link rel="alternate" hreflang="${hreflang}" href="${escapeAttribute(href)}" />`;
  return [...LOCALES.map((locale) => link(locale, localePath(locale, path))), link('x-default', path)].join('');
}

async function renderToString(tree: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    tree,
    // Never outline a large Suspense boundary into a hidden <div> completed by an inline script: CSP
    // blocks inline scripts, and the page must be whole without JavaScript.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    prelude
      .pipe(
        new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(Buffer.from(chunk));
            callback();
          },
        }),
      )
      .on('finish', resolve)
      .on('error', reject);
  });
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Renders one page to HTML, waiting for every lazy part so nothing is left as a spinner. The language
 * is the address's prefix (/es/chat), which is also the router's basename; each render has its own
 * i18n instance (i18nForRender), so renders in different languages can run at the same time. App
 * screens get the app's template; public pages (and not-found) are islands (decision 097).
 */
export async function render(url: string, config: PublicConfig, servicesData: ServicesPageData | null = null): Promise<RenderedApp> {
  const { pathname } = new URL(url, 'http://ellis.invalid');
  const { locale } = splitLocalePath(pathname);
  const basename = locale === DEFAULT_LOCALE ? undefined : `/${locale}`;
  const route = findPageRoute(pathname);
  const i18n = await i18nForRender(locale, route.namespaces);
  const router = (app: ReactNode) => (
    <StaticRouter location={url} basename={basename}>
      {app}
    </StaticRouter>
  );
  const page = { title: i18n.t(route.titleKey), description: i18n.t('pageDescription'), lang: i18n.language };
  if (route.area === 'app') {
    const appHtml = await renderToString(<Root config={config} i18n={i18n} servicesData={servicesData} router={router} />);
    return { ...page, appHtml, head: alternateLinks(route.path), template: 'app' };
  }
  const appHtml = await renderToString(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <PublicConfigProvider value={config}>
          <ServicesDataProvider value={servicesData}>
            {/* Server only: the pages' links read the address; no router reaches the browser. */}
            {router(
              <AuthProvider>
                <PublicApp locale={locale} path={route.path} />
              </AuthProvider>,
            )}
          </ServicesDataProvider>
        </PublicConfigProvider>
      </I18nextProvider>
    </StrictMode>,
  );
  return { ...page, appHtml, head: alternateLinks(route.path), template: 'public' };
}
