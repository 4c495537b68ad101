/**
 * npm run directory:reports -- [--resolve ID]
 *
 * For an operator: prints the "report a problem" messages not yet dealt with (newest last) as JSON,
 * with the service's name; `--resolve ID` marks one as dealt with. Reads DATABASE_URL.
 */
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../src/server/config/config.ts';
import { migrateToLatest, openDatabase } from '../src/server/db/database.ts';
import { DirectoryRepository } from '../src/server/modules/directory/repository.ts';

const { values } = parseArgs({ options: { resolve: { type: 'string' } } });

const config = loadConfigOrExit();

const database = openDatabase({ url: config.databaseUrl });
try {
  await migrateToLatest(database);
  const repository = new DirectoryRepository(database.db);
  if (values.resolve) {
    const resolved = await repository.resolveReport(values.resolve);
    console.error(resolved ? `Report ${values.resolve} marked resolved.` : `No new report has the id ${values.resolve}.`);
    process.exitCode = resolved ? 0 : 1;
  } else {
    const reports = await repository.listReports('new');
    const names = new Map(
      (await repository.readServiceRows([...new Set(reports.map((report) => report.service_id))])).services.map((row) => [String(row.id), String(row.name)]),
    );
    console.log(JSON.stringify(reports.map((report) => ({ ...report, service_name: names.get(report.service_id) ?? null })), null, 2));
  }
} finally {
  await database.close();
}
