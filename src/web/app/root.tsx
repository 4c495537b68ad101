import { StrictMode, type ReactNode } from 'react';
import type { PublicConfig } from '../../shared/public-config.ts';
import { PublicConfigProvider } from './public-config.tsx';
import { App } from './app.tsx';

/** The tree shared by the browser entry and the server renderer; only the router differs. */
export function Root({ config, router }: { config: PublicConfig; router: (app: ReactNode) => ReactNode }) {
  return (
    <StrictMode>
      <PublicConfigProvider value={config}>{router(<App />)}</PublicConfigProvider>
    </StrictMode>
  );
}
