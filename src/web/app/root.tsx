import { StrictMode, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { PublicConfig } from '../../shared/public-config.ts';
import type { ServicesPageData } from '../../shared/services-page.ts';
import { ServicesDataProvider } from '../features/services/services-data.tsx';
import { PublicConfigProvider } from '../lib/public-config.tsx';
import { App } from './app.tsx';

/** The tree shared by the browser entry and the server renderer; the router and the i18n instance differ. */
export function Root({
  config,
  i18n,
  router,
  servicesData = null,
}: {
  config: PublicConfig;
  /** The page's language: the browser's one instance, or one per server render. */
  i18n: I18n;
  router: (app: ReactNode) => ReactNode;
  /** The services search the server ran for this /resources request. */
  servicesData?: ServicesPageData | null;
}) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <PublicConfigProvider value={config}>
          <ServicesDataProvider value={servicesData}>{router(<App />)}</ServicesDataProvider>
        </PublicConfigProvider>
      </I18nextProvider>
    </StrictMode>
  );
}
