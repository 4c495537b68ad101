import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../../plugins/authenticate.ts';
import type { ZodTypeProvider } from '../../plugins/route-contracts.ts';
import { profileSchema, usernameAvailabilitySchema, usernameParamsSchema } from '../../../shared/accounts-api.ts';
import type { ProfileService } from './service.ts';

export async function profileRoutes(fastify: FastifyInstance, { profiles }: { profiles: ProfileService }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/profile', { preValidation: requireUser, schema: { summary: 'My profile.', response: { 200: profileSchema } } }, async (request) =>
    profiles.getProfile(currentUser(request).id),
  );

  const availabilitySchema = {
    summary: 'Whether a username is free to take.',
    params: usernameParamsSchema,
    response: { 200: usernameAvailabilitySchema },
  };
  app.get('/api/usernames/:name', { schema: availabilitySchema }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { available: await profiles.isUsernameAvailable(request.params.name, request.ip) };
  });
}
