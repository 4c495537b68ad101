import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { RateLimiter } from '../../plugins/rate-limit.ts';
import { MemorySharedState } from '../../providers/shared-state/memory-shared-state.ts';
import type { SharedState } from '../../providers/shared-state/shared-state.ts';
import { loadDefaultDataIfEmpty } from './default-data.ts';
import { HsdsApiService } from './hsds-api.ts';
import { DirectoryRepository } from './repository.ts';
import { DEFAULT_DIRECTORY_RATE_LIMITS, directoryRoutes, type DirectoryRateLimits } from './routes.ts';
import { DatabaseDirectoryService, type DirectoryService } from './service.ts';

/** What tests and benchmarks change about the directory. */
export interface DirectoryOptions {
  now?: () => number;
  rateLimits?: Partial<DirectoryRateLimits>;
  /**
   * Load the shipped set into an empty directory before serving. main.ts passes DIRECTORY_DEFAULT_DATA;
   * default false, so apps built on a database without the directory tables (some tests) still start.
   */
  loadDefaultData?: boolean;
}

/**
 * Wires the services directory: the shipped data into an empty directory, the search service and
 * its routes, and the HSDS read API. Returns the service the assistant searches through.
 */
export async function registerDirectory(
  app: FastifyInstance,
  database: Database,
  state: SharedState,
  options: DirectoryOptions = {},
): Promise<DirectoryService> {
  const now = options.now ?? Date.now;
  const repository = new DirectoryRepository(database.db);
  if (options.loadDefaultData) {
    await loadDefaultDataIfEmpty(repository, { now, logger: app.log });
  }
  const directory = new DatabaseDirectoryService({ repository, now });
  await app.register(directoryRoutes, {
    directory,
    hsds: new HsdsApiService({ repository }),
    // A test's own clock gets its own counters; otherwise the limits are shared by every instance.
    limiter: new RateLimiter(options.now ? new MemorySharedState(options.now) : state),
    limits: { ...DEFAULT_DIRECTORY_RATE_LIMITS, ...options.rateLimits },
  });
  return directory;
}
