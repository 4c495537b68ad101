import type { FastifyInstance } from 'fastify';
import { AccountService, type AccountServiceDependencies } from './service.ts';
import { accountRoutes } from './routes.ts';

/** Wires the person's own account: DELETE /api/account and GET /api/account/export (DESIGN §5.2). */
export async function registerAccount(
  app: FastifyInstance,
  deps: AccountServiceDependencies & { secureCookies: boolean },
): Promise<AccountService> {
  const { secureCookies, ...services } = deps;
  const account = new AccountService(services);
  await app.register(accountRoutes, { account, secureCookies });
  return account;
}
