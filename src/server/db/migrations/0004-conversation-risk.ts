import type { Kysely } from 'kysely';

const TABLES = ['conversations', 'public_conversations'] as const;

/**
 * Risk is a state of the conversation (issue 12, docs/decisions/055-risk-as-conversation-state.md):
 * `risk_level` for queries and the UI, `risk_state` the safety layer's JSON state (level, kinds,
 * language, the question last asked, turn counters). Same columns on both kinds of conversation.
 */
export function conversationRiskMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const table of TABLES) {
        await db.schema.alterTable(table).addColumn('risk_level', 'text', (column) => column.notNull().defaultTo('none')).execute();
        await db.schema.alterTable(table).addColumn('risk_state', 'text').execute();
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of TABLES) {
        await db.schema.alterTable(table).dropColumn('risk_state').execute();
        await db.schema.alterTable(table).dropColumn('risk_level').execute();
      }
    },
  };
}
