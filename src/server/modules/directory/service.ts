import { AppError } from '../../app-error.ts';
import { newId } from '../../db/ids.ts';
import {
  DEFAULT_SERVICE_LIMIT,
  type Place,
  type ServiceReportInput,
  type ServiceReportResponse,
  type ServiceResult,
  type ServiceSearchQuery,
  type ServicesResponse,
} from '../../../shared/services-api.ts';
import { findPlace } from './gazetteer.ts';
import { pacificInstant } from './openness.ts';
import { assembleServices } from './hsds-records.ts';
import type { DirectoryRepository } from './repository.ts';
import { CATEGORY_IDS, type CategoryId } from '../../../shared/resource-directory.ts';
import { indexService, type IndexedService } from './search-index.ts';
import { rankServices, toResult, topServices } from './search-ranking.ts';

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
  /** One service as a search result (open status at `at`, default now), or null. */
  getService(id: string, at?: string): Promise<ServiceResult | null>;
  /** Stores a "report a problem" for an operator; throws 404 for an unknown service. */
  reportProblem(serviceId: string, report: ServiceReportInput): Promise<ServiceReportResponse>;
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/** An ISO date-time with an offset as given; one without an offset read on the Pacific wall clock. */
function instantOf(value: string): number {
  const local = LOCAL_DATE_TIME.exec(value);
  if (!local) return Date.parse(value);
  const dayNumber = Math.floor(Date.UTC(Number(local[1]), Number(local[2]) - 1, Number(local[3])) / 86_400_000);
  return pacificInstant(dayNumber, Number(local[4]) * 60 + Number(local[5]) + Number(local[6] ?? 0) / 60);
}

const notFound = () => new AppError(404, 'service_not_found', 'Service not found.');

interface Snapshot {
  revision: number;
  services: IndexedService[];
  byId: Map<string, IndexedService>;
  byCategory: Map<CategoryId, IndexedService[]>;
}

/**
 * The directory service over the database. Search runs on an in-memory index of every service
 * (docs/decisions/062); each call asks the database for the revision (one indexed row) and rebuilds
 * the index when an import, in this process or another, has changed it.
 */
export class DatabaseDirectoryService implements DirectoryService {
  readonly #repository: DirectoryRepository;
  readonly #now: () => number;
  #snapshot: Snapshot | null = null;
  #loading: Promise<Snapshot> | null = null;

  constructor(deps: { repository: DirectoryRepository; now: () => number }) {
    this.#repository = deps.repository;
    this.#now = deps.now;
  }

  findPlace(text: string): Place | null {
    return findPlace(text);
  }

  async searchServices(query: ServiceSearchQuery): Promise<ServicesResponse> {
    const snapshot = await this.#current();
    const atMs = query.at ? instantOf(query.at) : this.#now();
    const near = query.near?.trim() ?? '';
    const q = query.q?.trim() || null;
    // A place named in the search text ("food in Oakland") is where to search, not what to search for.
    const placeInQ = q ? findPlace(q) : null;
    const place = near === '' ? placeInQ : findPlace(near);
    const candidates = query.category ? (snapshot.byCategory.get(query.category) ?? []) : snapshot.services;
    const { top, total } = topServices(
      candidates,
      {
        q,
        category: query.category ?? null,
        place,
        openNow: query.openNow ?? false,
        atMs,
        tags: query.tags ?? [],
        placeWords: placeInQ && placeInQ.kind !== 'coordinates' ? [placeInQ.name] : [],
      },
      query.limit ?? DEFAULT_SERVICE_LIMIT,
    );
    return {
      place,
      near_unrecognised: near !== '' && place === null,
      at: new Date(atMs).toISOString(),
      total,
      results: top.map((entry) => toResult(entry, atMs)),
    };
  }

  async getService(id: string, at?: string): Promise<ServiceResult | null> {
    const snapshot = await this.#current();
    const service = snapshot.byId.get(id);
    if (!service) return null;
    const atMs = at ? instantOf(at) : this.#now();
    const [ranked] = rankServices([service], { q: null, category: null, place: null, openNow: false, atMs, tags: [] });
    return ranked ? toResult(ranked, atMs) : null;
  }

  async reportProblem(serviceId: string, report: ServiceReportInput): Promise<ServiceReportResponse> {
    if (!(await this.#repository.serviceExists(serviceId))) throw notFound();
    const now = this.#now();
    const id = newId(now);
    await this.#repository.insertReport({
      id,
      service_id: serviceId,
      kind: report.kind ?? 'other',
      message: report.message,
      status: 'new',
      created_at: new Date(now).toISOString(),
    });
    return { id, received: true };
  }

  async #current(): Promise<Snapshot> {
    const revision = await this.#repository.revision();
    if (this.#snapshot && this.#snapshot.revision === revision) return this.#snapshot;
    // One rebuild at a time: concurrent searches wait for the same load.
    this.#loading ??= this.#load(revision).finally(() => {
      this.#loading = null;
    });
    this.#snapshot = await this.#loading;
    return this.#snapshot;
  }

  async #load(revision: number): Promise<Snapshot> {
    const rows = await this.#repository.readServiceRows('all');
    const sources = new Map(rows.services.map((row) => [String(row.id), String(row.source)]));
    const services = assembleServices(rows)
      .filter((service) => service.status !== 'inactive' && service.status !== 'defunct')
      .map((service) => indexService(service, sources.get(String(service.id)) ?? ''));
    const byCategory = new Map(CATEGORY_IDS.map((category) => [category, services.filter((service) => service.categories.includes(category))]));
    return { revision, services, byId: new Map(services.map((service) => [service.id, service])), byCategory };
  }
}
