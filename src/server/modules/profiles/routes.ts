import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../../plugins/authenticate.ts';
import type { ProfileService } from './service.ts';

export async function profileRoutes(app: FastifyInstance, { profiles }: { profiles: ProfileService }): Promise<void> {
  app.get('/api/profile', { preHandler: requireUser }, async (request) => profiles.getProfile(currentUser(request).id));

  app.get<{ Params: { name: string } }>('/api/usernames/:name', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { available: await profiles.isUsernameAvailable(request.params.name, request.ip) };
  });
}
