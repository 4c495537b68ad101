import type { Kysely } from 'kysely';
import type { DatabaseSchema, MessageSender } from '../../db/schema.ts';

export interface ExportedMessage {
  id: string;
  sender: MessageSender;
  content: string;
  created_at: string;
}

export interface ExportedConversation {
  id: string;
  created_at: string;
  messages: ExportedMessage[];
}

/**
 * Reads for "Download my data" that no other module's service offers yet: a signed-in person's saved
 * conversations with their messages. Every query filters by the owner.
 */
export class AccountRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async conversationsOf(userId: string): Promise<ExportedConversation[]> {
    const conversations = await this.#db
      .selectFrom('conversations')
      .select(['id', 'created_at'])
      .where('user_profile_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    if (conversations.length === 0) return [];
    const messages = await this.#db
      .selectFrom('messages')
      .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
      .select(['messages.id', 'messages.conversation_id', 'messages.sender', 'messages.content', 'messages.created_at'])
      .where('conversations.user_profile_id', '=', userId)
      .orderBy('messages.created_at')
      .orderBy('messages.id')
      .execute();
    const byConversation = new Map<string, ExportedMessage[]>(conversations.map((conversation) => [conversation.id, []]));
    for (const { conversation_id: conversationId, ...message } of messages) byConversation.get(conversationId)?.push(message);
    return conversations.map((conversation) => ({ ...conversation, messages: byConversation.get(conversation.id) ?? [] }));
  }
}
