import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { ProfileRepository } from './repository.ts';
import { ProfileService, type ProfileServiceDependencies } from './service.ts';
import { profileRoutes } from './routes.ts';

/** Wires profiles: GET /api/profile and the username check of the sign-up form (DESIGN §5.2). */
export async function registerProfiles(
  app: FastifyInstance,
  database: Database,
  deps: Omit<ProfileServiceDependencies, 'repository'>,
): Promise<ProfileService> {
  const profiles = new ProfileService({ ...deps, repository: new ProfileRepository(database.db) });
  await app.register(profileRoutes, { profiles });
  return profiles;
}
