/**
 * npm run directory:import -- <file | folder | https URL> [--source NAME] [--replace] [--dry-run]
 *   [--strict] [--all-or-nothing] [--schemas DIR]
 *
 * Imports HSDS 3.0 services into the database at DATABASE_URL (README "Directory data"). Prints every
 * rejected record with its reasons on stderr and a JSON summary on stdout. Exit code 0 when every
 * record was accepted, 2 when some were rejected, 1 when nothing could be imported.
 */
import { readFileSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../src/server/config/config.ts';
import { migrateToLatest, openDatabase } from '../src/server/db/database.ts';
import { ImportInputError, importRecords, readImportInput } from '../src/server/modules/directory/importer.ts';
import { HsdsSchemasMissingError, loadHsdsValidator } from '../src/server/modules/directory/hsds-validator.ts';
import { DirectoryRepository } from '../src/server/modules/directory/repository.ts';
import { readTabularRecords } from '../src/server/modules/directory/tabular.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    source: { type: 'string' },
    replace: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
    'all-or-nothing': { type: 'boolean', default: false },
    schemas: { type: 'string' },
  },
});

const input = positionals[0];
if (!input || positionals.length > 1) {
  console.error('Usage: npm run directory:import -- <file.json | file.ndjson | tabular-folder | https://…> [--source NAME] [--replace] [--dry-run] [--strict] [--all-or-nothing] [--schemas DIR]');
  process.exit(1);
}

const config = loadConfigOrExit();

try {
  const validator = loadHsdsValidator(values.schemas ?? config.directory.hsdsSchemaDir, { strict: values.strict });
  const records = await readImportInput(input, {
    readText: (path) => readFileSync(path, 'utf8'),
    isDirectory: (path) => {
      try {
        return statSync(path).isDirectory();
      } catch {
        return false;
      }
    },
    readTabular: readTabularRecords,
    fetch,
  });
  const database = openDatabase({ url: config.databaseUrl });
  try {
    await migrateToLatest(database);
    const repository = new DirectoryRepository(database.db);
    const source = values.source ?? input.replace(/^https:\/\//, '').split(/[\\/]/).filter(Boolean).slice(-2).join('/');
    const result = await importRecords(records, { repository, validator }, {
      source,
      replace: values.replace,
      dryRun: values['dry-run'],
      allOrNothing: values['all-or-nothing'],
      now: Date.now,
    });
    for (const rejection of result.rejected) {
      console.error(`rejected ${rejection.where}${rejection.id ? ` (id ${rejection.id})` : ''}:`);
      for (const reason of rejection.reasons) console.error(`  - ${reason}`);
    }
    console.log(JSON.stringify({ source, accepted: result.accepted, rejected: result.rejected.length, written: result.written }, null, 2));
    process.exitCode = result.rejected.length === 0 ? 0 : result.written ? 2 : 1;
  } finally {
    await database.close();
  }

} catch (error) {
  if (error instanceof ImportInputError || error instanceof HsdsSchemasMissingError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
