import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../../plugins/authenticate.ts';
import type { ZodTypeProvider } from '../../plugins/route-contracts.ts';
import { noContentSchema } from '../../../shared/api-contracts.ts';
import { accountExportSchema, deleteAccountBodySchema } from '../../../shared/accounts-api.ts';
import { clearRefreshCookies } from '../auth/refresh-cookie.ts';
import type { AccountService } from './service.ts';

export async function accountRoutes(
  fastify: FastifyInstance,
  { account, secureCookies }: { account: AccountService; secureCookies: boolean },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deleteSchema = {
    summary: 'Delete my account: the password again, then every row that is mine.',
    body: deleteAccountBodySchema,
    response: { 204: noContentSchema },
  };
  app.delete('/api/account', { preValidation: requireUser, schema: deleteSchema }, async (request, reply) => {
    const user = currentUser(request);
    await account.deleteAccount(user.id, user.sessionId, request.body.password);
    clearRefreshCookies(reply, secureCookies);
    return reply.status(204).send();
  });

  // "Download my data": a JSON file named by its date; requireUser already marks it no-store.
  const exportSchema = {
    summary: 'Download my data: everything Ellis keeps about me, nothing secret.',
    response: { 200: accountExportSchema },
  };
  app.get('/api/account/export', { preValidation: requireUser, schema: exportSchema }, async (request, reply) => {
    const data = await account.exportData(currentUser(request).id);
    reply.header('Content-Disposition', `attachment; filename="ellis-my-data-${data.exported_at.slice(0, 10)}.json"`);
    return data;
  });
}
