import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { buildTestApp } from './test-app.ts';

/**
 * The app one describe block shares: built before its tests, closed with its database after them.
 * Read `app` and `database` inside tests and hooks (they exist once the block has started).
 */
export function testAppForSuite(options: Parameters<typeof buildTestApp>[0] = {}): { readonly app: FastifyInstance; readonly database: Database } {
  let built: { app: FastifyInstance; database: Database } | undefined;
  beforeAll(async () => {
    built = await buildTestApp(options);
  });
  afterAll(async () => {
    await built?.app.close();
    await built?.database.close();
  });
  const current = () => {
    if (!built) throw new Error('the suite app is built in beforeAll: read it inside a test');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
  };
}
