import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../../plugins/route-contracts.ts';
import { livenessSchema, readinessSchema, unreadySchema } from '../../../shared/api-contracts.ts';

export interface HealthDependencies {
  pingDatabase(): Promise<void>;
}

export async function healthRoutes(fastify: FastifyInstance, { pingDatabase }: HealthDependencies): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/healthz', { schema: { summary: 'The process answers.', response: { 200: livenessSchema } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' as const };
  });

  const readySchema = { summary: 'The process answers and reaches its database.', response: { 200: readinessSchema, 503: unreadySchema } };
  app.get('/readyz', { schema: readySchema }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await pingDatabase();
      return { status: 'ready' as const, database: 'ok' as const };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
    }
  });
}
