import { sql, type Kysely } from 'kysely';
import { HSDS_INDEXES, HSDS_TABLES } from '../../modules/directory/hsds-tables.ts';

type Dialect = 'sqlite' | 'postgres';

/**
 * The services directory: the HSDS 3.0 tables (docs/decisions/060), the reports people
 * send about a wrong record, and one revision counter the search cache watches. HSDS ids are kept as
 * text (sources do not all use UUIDs) and the HSDS tables have no foreign keys: the importer checks
 * references itself and reports a broken one as a rejected record.
 */
export function directoryMigration(dialect: Dialect) {
  const timeType = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  const numberType = dialect === 'postgres' ? sql`double precision` : sql`real`;

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const spec of Object.values(HSDS_TABLES)) {
        let table = db.schema.createTable(spec.table);
        for (const [column, type] of Object.entries(spec.columns)) {
          if (column === 'id') table = table.addColumn('id', 'text', (c) => c.primaryKey());
          else table = table.addColumn(column, type === 'number' ? numberType : 'text');
        }
        table = table
          .addColumn('source', 'text', (c) => c.notNull())
          .addColumn('assured_date', 'text')
          .addColumn('extras', 'text')
          .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0));
        await table.execute();
      }
      for (const index of HSDS_INDEXES) {
        await db.schema
          .createIndex(`${index.table}_${index.columns.join('_')}_idx`)
          .on(index.table)
          .columns(index.columns)
          .execute();
      }

      await db.schema
        .createTable('directory_reports')
        .addColumn('id', dialect === 'postgres' ? sql`uuid` : sql`text`, (c) => c.primaryKey())
        .addColumn('service_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('new', 'resolved')`))
        .addColumn('created_at', timeType, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('directory_reports_status_created_at_idx').on('directory_reports').columns(['status', 'created_at']).execute();

      await db.schema
        .createTable('directory_state')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('updated_at', timeType, (c) => c.notNull())
        .execute();
      await db
        .insertInto('directory_state' as never)
        .values({ id: 1, revision: 0, updated_at: new Date().toISOString() } as never)
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('directory_state').execute();
      await db.schema.dropTable('directory_reports').execute();
      for (const spec of Object.values(HSDS_TABLES)) await db.schema.dropTable(spec.table).execute();
    },
  };
}
