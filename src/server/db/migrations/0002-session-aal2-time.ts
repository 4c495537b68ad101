import { sql, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

/**
 * When a session passed its second factor: the access token's `amr` claim lists the TOTP method with
 * this time (GoTrue's shape), and it survives refresh-token rotation.
 */
export function sessionAal2TimeMigration(dialect: Dialect) {
  const timeType = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('sessions').addColumn('aal2_at', timeType).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('sessions').dropColumn('aal2_at').execute();
    },
  };
}
