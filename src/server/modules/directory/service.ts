import type { Place, ServiceReportResponse, ServiceResult, ServiceSearchQuery, ServicesResponse } from '../../../shared/services-api.ts';
import { findPlace as findPlaceInGazetteer } from './gazetteer.ts';

/**
 * What the directory offers the rest of the server: the /api/services routes, the /resources page
 * and the assistant all search through this interface.
 */
export interface DirectoryService {
  /** Services ranked by need match, distance from `near` and openness at `at` (default now). */
  searchServices(query: ServiceSearchQuery): Promise<ServicesResponse>;
  /**
   * A Bay Area place named inside free text ("in Oakland", "94110", "37.77,-122.41"), from the
   * built-in gazetteer; no network. Null when the text names no place the gazetteer knows.
   */
  findPlace(text: string): Place | null;
  /** One service as a search result (open status at `at`), or null. */
  getService(id: string, at?: string): Promise<ServiceResult | null>;
  /** Stores a "report a problem" for an operator; throws 404 for an unknown service. */
  reportProblem(serviceId: string, body: unknown): Promise<ServiceReportResponse>;
}

export { findPlaceInGazetteer as findPlace };
