import type { FastifyInstance } from 'fastify';

export interface HealthDependencies {
  pingDatabase(): Promise<void>;
}

export async function healthRoutes(app: FastifyInstance, { pingDatabase }: HealthDependencies): Promise<void> {
  app.get('/healthz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await pingDatabase();
      return { status: 'ready', database: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
    }
  });
}
