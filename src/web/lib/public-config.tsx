import { createContext, useContext, type ReactNode } from 'react';
import type { PublicConfig } from '../../shared/public-config.ts';

export const PUBLIC_CONFIG_ELEMENT_ID = 'ellis-config';

const PublicConfigContext = createContext<PublicConfig | null>(null);

export function PublicConfigProvider({ value, children }: { value: PublicConfig; children: ReactNode }) {
  return <PublicConfigContext.Provider value={value}>{children}</PublicConfigContext.Provider>;
}

export function usePublicConfig(): PublicConfig {
  const config = useContext(PublicConfigContext);
  if (!config) throw new Error('usePublicConfig needs a PublicConfigProvider');
  return config;
}

/** Reads the configuration the server rendered into the page as a JSON data block. */
export function readPublicConfig(doc: Document = document): PublicConfig {
  const element = doc.getElementById(PUBLIC_CONFIG_ELEMENT_ID);
  return JSON.parse(element?.textContent ?? '{}') as PublicConfig;
}
