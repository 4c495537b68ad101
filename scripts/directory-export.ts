/**
 * npm run directory:export -- [file] [--ndjson]
 *
 * Writes every service in the database at DATABASE_URL as HSDS 3.0 JSON: an array of
 * `/services/{id}` objects (or one per line with --ndjson), to the file or to stdout.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../src/server/config/config.ts';
import { migrateToLatest, openDatabase } from '../src/server/db/database.ts';
import { assembleServices } from '../src/server/modules/directory/hsds-records.ts';
import { DirectoryRepository } from '../src/server/modules/directory/repository.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { ndjson: { type: 'boolean', default: false } } });

const config = loadConfigOrExit();

const database = openDatabase({ url: config.databaseUrl });
try {
  await migrateToLatest(database);
  const services = assembleServices(await new DirectoryRepository(database.db).readServiceRows('all'));
  const text = values.ndjson
    ? services.map((service) => JSON.stringify(service)).join('\n') + (services.length > 0 ? '\n' : '')
    : `${JSON.stringify(services, null, 2)}\n`;
  const target = positionals[0];
  if (target) {
    writeFileSync(target, text);
    console.error(`Wrote ${services.length} services to ${target}.`);
  } else {
    process.stdout.write(text);
  }
} finally {
  await database.close();
}
