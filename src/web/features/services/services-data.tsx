import { createContext, useContext, type ReactNode } from 'react';
import type { ServicesPageData } from '../../../shared/services-page.ts';

/** Same id as the server's SERVICES_DATA_ELEMENT_ID (src/server/web/page-renderer.ts). */
const SERVICES_DATA_ELEMENT_ID = 'ellis-services';

const ServicesDataContext = createContext<ServicesPageData | null>(null);

/** The services search the server ran for this request, so the browser hydrates the same results. */
export function ServicesDataProvider({ value, children }: { value: ServicesPageData | null; children: ReactNode }) {
  return <ServicesDataContext.Provider value={value}>{children}</ServicesDataContext.Provider>;
}

export function useServicesData(): ServicesPageData | null {
  return useContext(ServicesDataContext);
}

export function readServicesData(doc: Document = document): ServicesPageData | null {
  const element = doc.getElementById(SERVICES_DATA_ELEMENT_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as ServicesPageData) : null;
}
