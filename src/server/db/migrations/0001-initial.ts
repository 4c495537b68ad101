import { sql, type Kysely, type ColumnDefinitionBuilder } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

/**
 * Every table of SPEC §3 plus what the built-in auth server needs. Ids are application-generated
 * UUIDv7 strings and timestamps ISO strings, so both databases hold the same values; only the
 * column types differ (TEXT on SQLite, uuid/timestamptz on PostgreSQL).
 */
export function initialMigration(dialect: Dialect) {
  const idType = dialect === 'postgres' ? sql`uuid` : sql`text`;
  const timeType = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  const required = (column: ColumnDefinitionBuilder) => column.notNull();
  const primaryKey = (column: ColumnDefinitionBuilder) => column.primaryKey();

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('users')
        .addColumn('id', idType, primaryKey)
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', required)
        .addColumn('recovery_code_hash', 'text')
        .addColumn('created_at', timeType, required)
        .addColumn('updated_at', timeType, required)
        .execute();

      await db.schema
        .createTable('user_profiles')
        .addColumn('id', idType, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('username', 'text', required)
        .addColumn('username_key', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', timeType, required)
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', idType, primaryKey)
        .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('aal', 'text', (c) => c.notNull().check(sql`aal in ('aal1', 'aal2')`))
        .addColumn('factor_id', idType)
        .addColumn('created_at', timeType, required)
        .addColumn('last_active_at', timeType, required)
        .addColumn('expires_at', timeType, required)
        .addColumn('revoked_at', timeType)
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('id', idType, primaryKey)
        .addColumn('session_id', idType, (c) => c.notNull().references('sessions.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', timeType, required)
        .addColumn('used_at', timeType)
        .addColumn('revoked_at', timeType)
        .execute();
      await db.schema.createIndex('refresh_tokens_session_id_idx').on('refresh_tokens').column('session_id').execute();

      await db.schema
        .createTable('mfa_factors')
        .addColumn('id', idType, primaryKey)
        .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('factor_type', 'text', (c) => c.notNull().check(sql`factor_type in ('totp')`))
        .addColumn('friendly_name', 'text')
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('unverified', 'verified')`))
        .addColumn('secret_encrypted', 'text', required)
        .addColumn('last_used_step', 'bigint')
        .addColumn('created_at', timeType, required)
        .addColumn('updated_at', timeType, required)
        .execute();
      await db.schema.createIndex('mfa_factors_user_id_idx').on('mfa_factors').column('user_id').execute();

      await db.schema
        .createTable('mfa_challenges')
        .addColumn('id', idType, primaryKey)
        .addColumn('factor_id', idType, (c) => c.notNull().references('mfa_factors.id').onDelete('cascade'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', timeType, required)
        .addColumn('expires_at', timeType, required)
        .addColumn('verified_at', timeType)
        .execute();
      await db.schema.createIndex('mfa_challenges_factor_id_idx').on('mfa_challenges').column('factor_id').execute();

      await db.schema
        .createTable('bookmarks')
        .addColumn('id', idType, primaryKey)
        .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'text', required)
        .addColumn('url', 'text')
        .addColumn('description', 'text')
        .addColumn('created_at', timeType, required)
        .execute();
      await db.schema
        .createIndex('bookmarks_user_id_created_at_idx')
        .on('bookmarks')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('conversations')
        .addColumn('id', idType, primaryKey)
        .addColumn('user_profile_id', idType, (c) =>
          c.notNull().references('user_profiles.id').onDelete('cascade'),
        )
        .addColumn('provider_chat_id', 'text')
        .addColumn('created_at', timeType, required)
        .execute();
      await db.schema
        .createIndex('conversations_profile_created_at_idx')
        .on('conversations')
        .columns(['user_profile_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('messages')
        .addColumn('id', idType, primaryKey)
        .addColumn('conversation_id', idType, (c) =>
          c.notNull().references('conversations.id').onDelete('cascade'),
        )
        .addColumn('sender', 'text', (c) => c.notNull().check(sql`sender in ('ai', 'user')`))
        .addColumn('content', 'text', required)
        .addColumn('created_at', timeType, required)
        .addColumn('updated_at', timeType, required)
        .execute();
      await db.schema
        .createIndex('messages_conversation_created_at_idx')
        .on('messages')
        .columns(['conversation_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('public_conversations')
        .addColumn('id', idType, primaryKey)
        .addColumn('token_hash', 'text', required)
        .addColumn('provider_chat_id', 'text')
        .addColumn('created_at', timeType, required)
        .addColumn('expires_at', timeType, required)
        .execute();
      await db.schema
        .createIndex('public_conversations_expires_at_idx')
        .on('public_conversations')
        .column('expires_at')
        .execute();

      await db.schema
        .createTable('public_messages')
        .addColumn('id', idType, primaryKey)
        .addColumn('conversation_id', idType, (c) =>
          c.notNull().references('public_conversations.id').onDelete('cascade'),
        )
        .addColumn('sender', 'text', (c) => c.notNull().check(sql`sender in ('ai', 'user')`))
        .addColumn('content', 'text', required)
        .addColumn('created_at', timeType, required)
        .execute();
      await db.schema
        .createIndex('public_messages_conversation_created_at_idx')
        .on('public_messages')
        .columns(['conversation_id', 'created_at'])
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of [
        'public_messages',
        'public_conversations',
        'messages',
        'conversations',
        'bookmarks',
        'mfa_challenges',
        'mfa_factors',
        'refresh_tokens',
        'sessions',
        'user_profiles',
        'users',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
