import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../../plugins/authenticate.ts';
import { clearRefreshCookies } from '../auth/refresh-cookie.ts';
import type { AccountService } from './service.ts';

export async function accountRoutes(
  app: FastifyInstance,
  { account, secureCookies }: { account: AccountService; secureCookies: boolean },
): Promise<void> {
  app.delete('/api/account', { preHandler: requireUser }, async (request, reply) => {
    const user = currentUser(request);
    await account.deleteAccount(user.id, user.sessionId, request.body);
    clearRefreshCookies(reply, secureCookies);
    return reply.status(204).send();
  });

  // "Download my data": a JSON file named by its date; requireUser already marks it no-store.
  app.get('/api/account/export', { preHandler: requireUser }, async (request, reply) => {
    const data = await account.exportData(currentUser(request).id);
    reply.header('Content-Disposition', `attachment; filename="ellis-my-data-${data.exported_at.slice(0, 10)}.json"`);
    return data;
  });
}
