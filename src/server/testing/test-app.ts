import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { openDatabase, migrateToLatest, type Database } from '../db/database.ts';

export const DIST_DIR = resolve('dist');

/** A fixed auth secret for tests: nothing is written to ./data. */
export const TEST_AUTH_SECRET = 'test-auth-secret-0123456789abcdef0123456789abcdef';

/** Builds the app on a fresh in-memory SQLite database, optionally serving the built web app. */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    withWebApp?: boolean;
    database?: Database;
    accounts?: AppDependencies['accounts'];
    logger?: AppDependencies['logger'];
    onRoute?: AppDependencies['onRoute'];
    assistant?: AppDependencies['assistant'];
    chat?: AppDependencies['chat'];
    voice?: AppDependencies['voice'];
    sharedState?: AppDependencies['sharedState'];
    directory?: AppDependencies['directory'];
  } = {},
): Promise<{ app: FastifyInstance; database: Database }> {
  const config = loadConfig({ NODE_ENV: 'test', ...options.env });
  const database = options.database ?? openDatabase({ url: 'file::memory:' });
  if (!options.database) await migrateToLatest(database);
  if (options.withWebApp && !existsSync(resolve(DIST_DIR, 'client', 'pages'))) {
    throw new Error('The web app is not built: run `npm run build` (npm test does it first).');
  }
  const app = await buildApp(config, {
    database,
    logger: options.logger ?? false,
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.assistant ? { assistant: options.assistant } : {}),
    ...(options.chat ? { chat: options.chat } : {}),
    ...(options.voice ? { voice: options.voice } : {}),
    ...(options.sharedState ? { sharedState: options.sharedState } : {}),
    ...(options.directory ? { directory: options.directory } : {}),
    distDir: options.withWebApp ? DIST_DIR : null,
    accounts: { secretKeys: [TEST_AUTH_SECRET], ...options.accounts },
  });
  return { app, database };
}
