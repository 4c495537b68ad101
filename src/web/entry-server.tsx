import { Writable } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { i18next } from './i18n/i18n.ts';
import './styles/global.css';
import { Root } from './app/root.tsx';
import { findPageRoute, notFoundRoute, pageRoutes } from './app/route-table.ts';
import type { PublicConfig } from '../shared/public-config.ts';
import type { ServicesPageData } from '../shared/services-page.ts';

export interface RenderedApp {
  appHtml: string;
  title: string;
  description: string;
  lang: string;
}

export const routePaths = [...pageRoutes.map((route) => route.path), notFoundRoute.path];

/** Renders one page of the app to HTML, waiting for every lazy part so nothing is left as a spinner. */
export async function render(url: string, config: PublicConfig, servicesData: ServicesPageData | null = null): Promise<RenderedApp> {
  const { prelude } = await prerenderToNodeStream(
    <Root config={config} servicesData={servicesData} router={(app) => <StaticRouter location={url}>{app}</StaticRouter>} />,
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
  return {
    appHtml: Buffer.concat(chunks).toString('utf8'),
    title: i18next.t(findPageRoute(url).titleKey),
    description: i18next.t('pageDescription'),
    lang: i18next.language,
  };
}
