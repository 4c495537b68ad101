import { resolve } from 'node:path';
import { addressToOpen, loadConfigOrExit } from './config/config.ts';
import { openDatabase, migrateToLatest, type Database } from './db/database.ts';
import { createLogger } from './logger.ts';
import { buildApp } from './app.ts';

/** Open connections get this long to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

const config = loadConfigOrExit();
const logger = createLogger(config);

let database: Database;
try {
  database = openDatabase({
    url: config.databaseUrl,
    onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost'),
  });
  await database.ping();
  await migrateToLatest(database);
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`Ellis cannot start: the database at DATABASE_URL is not usable (${reason}).`);
  console.error('Check that the database server is running and that DATABASE_URL is right, then start again.');
  process.exit(1);
}

const app = await buildApp(config, {
  database,
  logger,
  distDir: resolve('dist'),
  directory: { loadDefaultData: config.directory.loadDefaultData },
});

let shuttingDown = false;
async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    logger.warn('shutdown grace period over; exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  timer.unref();
  await app.close();
  await database.close();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
// With PORT=0 the system picks the port, so the address to open is known only now.
const address = app.server.address();
const listeningPort = typeof address === 'object' && address !== null ? address.port : config.port;
const url = config.publicUrlDerived ? addressToOpen(config.host, listeningPort) : config.publicUrl;
logger.info({ url }, 'Ellis is listening: open this address in a browser');
