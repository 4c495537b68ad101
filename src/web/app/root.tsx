import { StrictMode, type ReactNode } from 'react';
import type { PublicConfig } from '../../shared/public-config.ts';
import type { ServicesPageData } from '../../shared/services-page.ts';
import { ServicesDataProvider } from '../features/services/services-data.tsx';
import { PublicConfigProvider } from './public-config.tsx';
import { App } from './app.tsx';

/** The tree shared by the browser entry and the server renderer; only the router differs. */
export function Root({
  config,
  router,
  servicesData = null,
}: {
  config: PublicConfig;
  router: (app: ReactNode) => ReactNode;
  /** The services search the server ran for this /resources request. */
  servicesData?: ServicesPageData | null;
}) {
  return (
    <StrictMode>
      <PublicConfigProvider value={config}>
        <ServicesDataProvider value={servicesData}>{router(<App />)}</ServicesDataProvider>
      </PublicConfigProvider>
    </StrictMode>
  );
}
