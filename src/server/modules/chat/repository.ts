import type { Kysely } from 'kysely';
import type { DatabaseSchema, MessageSender } from '../../db/schema.ts';

export interface MessageRow {
  id: string;
  sender: MessageSender;
  content: string;
  created_at: string;
}

export interface PrivateConversationRow {
  id: string;
  provider_chat_id: string | null;
  created_at: string;
  risk_level: string;
  risk_state: string | null;
}

export interface PublicConversationRow {
  id: string;
  token_hash: string;
  provider_chat_id: string | null;
  created_at: string;
  expires_at: string;
  risk_level: string;
  risk_state: string | null;
}

/**
 * Which conversation a statement is about, with what proves access: the owner's user id for a
 * private one. Public conversations are checked by token (and expiry) when they are looked up.
 */
export type ConversationRef = { kind: 'private'; id: string; userId: string } | { kind: 'public'; id: string };

export interface NewMessage {
  id: string;
  sender: MessageSender;
  content: string;
  createdAt: string;
}

const MESSAGE_COLUMNS = ['id', 'sender', 'content', 'created_at'] as const;

/** What a signed-in user's copy of a public conversation is made of (the service decides). */
export interface AdoptionPlan {
  conversation: { id: string; userId: string; createdAt: string; providerChatId: string | null; riskLevel?: string; riskState?: string | null };
  /** In the order they are read back: ordered by (created_at, id). */
  messages: NewMessage[];
}

/** `gone`: expired, deleted or adopted meanwhile; `deleted`: nothing worth keeping, so only deleted. */
export type AdoptionOutcome = 'gone' | 'deleted' | 'adopted';

/** Raised inside the adoption transaction to roll it back when another request got there first. */
class PublicConversationGone extends Error {}

/** A saved conversation with its messages, as "Download my data" hands it over (oldest first). */
export interface ExportedConversation {
  id: string;
  created_at: string;
  messages: MessageRow[];
}

/** Rows per INSERT when copying messages: well under SQLite's and PostgreSQL's bound-parameter limits. */
const COPY_BATCH = 500;

/**
 * Conversations and messages SQL (SPEC §7 "Data service"). Private conversations are always
 * filtered by their owner, so another user's id matches nothing.
 */
export class ChatRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  latestConversation(userId: string): Promise<PrivateConversationRow | undefined> {
    return this.#db
      .selectFrom('conversations')
      .select(['id', 'provider_chat_id', 'created_at', 'risk_level', 'risk_state'])
      .where('user_profile_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  findConversation(userId: string, id: string): Promise<PrivateConversationRow | undefined> {
    return this.#db
      .selectFrom('conversations')
      .select(['id', 'provider_chat_id', 'created_at', 'risk_level', 'risk_state'])
      .where('id', '=', id)
      .where('user_profile_id', '=', userId)
      .executeTakeFirst();
  }

  /** Creates a private conversation with its first message, in one transaction. */
  async createConversation(conversation: { id: string; userId: string; createdAt: string }, first: NewMessage): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .insertInto('conversations')
        .values({ id: conversation.id, user_profile_id: conversation.userId, provider_chat_id: null, created_at: conversation.createdAt })
        .execute();
      await trx
        .insertInto('messages')
        .values({ id: first.id, conversation_id: conversation.id, sender: first.sender, content: first.content, created_at: first.createdAt, updated_at: first.createdAt })
        .execute();
    });
  }

  /** A public conversation that has not expired at `nowIso` (expiry is exclusive: unreachable at the instant). */
  findPublicConversation(id: string, nowIso: string): Promise<PublicConversationRow | undefined> {
    return this.#db
      .selectFrom('public_conversations')
      .select(['id', 'token_hash', 'provider_chat_id', 'created_at', 'expires_at', 'risk_level', 'risk_state'])
      .where('id', '=', id)
      .where('expires_at', '>', nowIso)
      .executeTakeFirst();
  }

  async createPublicConversation(
    conversation: { id: string; tokenHash: string; createdAt: string; expiresAt: string },
    first: NewMessage,
  ): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .insertInto('public_conversations')
        .values({
          id: conversation.id,
          token_hash: conversation.tokenHash,
          provider_chat_id: null,
          created_at: conversation.createdAt,
          expires_at: conversation.expiresAt,
        })
        .execute();
      await trx
        .insertInto('public_messages')
        .values({ id: first.id, conversation_id: conversation.id, sender: first.sender, content: first.content, created_at: first.createdAt })
        .execute();
    });
  }

  /** Messages oldest first; `limit` keeps the newest ones. */
  async countMessages(ref: ConversationRef): Promise<number> {
    const table = ref.kind === 'private' ? 'messages' : 'public_messages';
    const row = await this.#db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('conversation_id', '=', ref.id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countConversations(userId: string): Promise<number> {
    const row = await this.#db
      .selectFrom('conversations')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_profile_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async listMessages(ref: ConversationRef, limit?: number): Promise<MessageRow[]> {
    const table = ref.kind === 'private' ? 'messages' : 'public_messages';
    let query = this.#db
      .selectFrom(table)
      .select(MESSAGE_COLUMNS)
      .where('conversation_id', '=', ref.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
    if (limit !== undefined) query = query.limit(limit);
    return (await query.execute()).reverse();
  }

  async insertMessage(ref: ConversationRef, message: NewMessage): Promise<MessageRow> {
    if (ref.kind === 'private') {
      return this.#db
        .insertInto('messages')
        .values({
          id: message.id,
          conversation_id: ref.id,
          sender: message.sender,
          content: message.content,
          created_at: message.createdAt,
          updated_at: message.createdAt,
        })
        .returning(MESSAGE_COLUMNS)
        .executeTakeFirstOrThrow();
    }
    return this.#db
      .insertInto('public_messages')
      .values({ id: message.id, conversation_id: ref.id, sender: message.sender, content: message.content, created_at: message.createdAt })
      .returning(MESSAGE_COLUMNS)
      .executeTakeFirstOrThrow();
  }

  async setProviderChatId(ref: ConversationRef, chatId: string): Promise<void> {
    if (ref.kind === 'private') {
      await this.#db
        .updateTable('conversations')
        .set({ provider_chat_id: chatId })
        .where('id', '=', ref.id)
        .where('user_profile_id', '=', ref.userId)
        .execute();
      return;
    }
    await this.#db.updateTable('public_conversations').set({ provider_chat_id: chatId }).where('id', '=', ref.id).execute();
  }

  /** Stores the safety layer's state with the conversation (level as its own column, for the UI and queries). */
  async setRiskState(ref: ConversationRef, level: string, state: string): Promise<void> {
    if (ref.kind === 'private') {
      await this.#db
        .updateTable('conversations')
        .set({ risk_level: level, risk_state: state })
        .where('id', '=', ref.id)
        .where('user_profile_id', '=', ref.userId)
        .execute();
      return;
    }
    await this.#db.updateTable('public_conversations').set({ risk_level: level, risk_state: state }).where('id', '=', ref.id).execute();
  }

  /** Deletes the conversation and its messages; false when nothing matched. */
  async deleteConversation(ref: ConversationRef): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      if (ref.kind === 'private') {
        const owned = await trx
          .selectFrom('conversations')
          .select('id')
          .where('id', '=', ref.id)
          .where('user_profile_id', '=', ref.userId)
          .executeTakeFirst();
        if (!owned) return false;
        await trx.deleteFrom('messages').where('conversation_id', '=', ref.id).execute();
        await trx.deleteFrom('conversations').where('id', '=', ref.id).execute();
        return true;
      }
      await trx.deleteFrom('public_messages').where('conversation_id', '=', ref.id).execute();
      const result = await trx.deleteFrom('public_conversations').where('id', '=', ref.id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  }

  /**
   * In one transaction: reads the public conversation (unless expired at `nowIso`) and its messages,
   * asks `plan` what to keep, deletes the public rows, and creates the private conversation the plan
   * describes (none when it returns null). The public row is deleted before anything is created, so
   * of two concurrent adoptions only one finds it; the other rolls back and answers `gone`.
   */
  async adoptPublicConversation(
    publicId: string,
    nowIso: string,
    plan: (found: { conversation: PublicConversationRow; messages: MessageRow[] }) => AdoptionPlan | null,
  ): Promise<AdoptionOutcome> {
    try {
      return await this.#db.transaction().execute(async (trx) => {
        const conversation = await trx
          .selectFrom('public_conversations')
          .select(['id', 'token_hash', 'provider_chat_id', 'created_at', 'expires_at', 'risk_level', 'risk_state'])
          .where('id', '=', publicId)
          .where('expires_at', '>', nowIso)
          .executeTakeFirst();
        if (!conversation) return 'gone';
        const messages = await trx
          .selectFrom('public_messages')
          .select(MESSAGE_COLUMNS)
          .where('conversation_id', '=', publicId)
          .orderBy('created_at')
          .orderBy('id')
          .execute();
        const adoption = plan({ conversation, messages });

        await trx.deleteFrom('public_messages').where('conversation_id', '=', publicId).execute();
        const deleted = await trx.deleteFrom('public_conversations').where('id', '=', publicId).where('expires_at', '>', nowIso).executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) throw new PublicConversationGone();
        if (!adoption) return 'deleted';

        const target = adoption.conversation;
        await trx
          .insertInto('conversations')
          .values({
            id: target.id,
            user_profile_id: target.userId,
            provider_chat_id: target.providerChatId,
            created_at: target.createdAt,
            risk_level: target.riskLevel ?? 'none',
            risk_state: target.riskState ?? null,
          })
          .execute();
        for (let start = 0; start < adoption.messages.length; start += COPY_BATCH) {
          await trx
            .insertInto('messages')
            .values(
              adoption.messages.slice(start, start + COPY_BATCH).map((message) => ({
                id: message.id,
                conversation_id: target.id,
                sender: message.sender,
                content: message.content,
                created_at: message.createdAt,
                updated_at: message.createdAt,
              })),
            )
            .execute();
        }
        return 'adopted';
      });
    } catch (error) {
      if (error instanceof PublicConversationGone) return 'gone';
      throw error;
    }
  }

  /** Deletes public conversations whose expiry is at or before `nowIso`, with their messages. */
  /** A signed-in person's saved conversations with every message; both filtered by the owner. */
  async exportConversations(userId: string): Promise<ExportedConversation[]> {
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
    const byConversation = new Map<string, MessageRow[]>(conversations.map((conversation) => [conversation.id, []]));
    for (const { conversation_id: conversationId, ...message } of messages) byConversation.get(conversationId)?.push(message);
    return conversations.map((conversation) => ({ ...conversation, messages: byConversation.get(conversation.id) ?? [] }));
  }

  async purgeExpiredPublic(nowIso: string): Promise<number> {
    return this.#db.transaction().execute(async (trx) => {
      const expired = trx.selectFrom('public_conversations').select('id').where('expires_at', '<=', nowIso);
      await trx.deleteFrom('public_messages').where('conversation_id', 'in', expired).execute();
      const result = await trx.deleteFrom('public_conversations').where('expires_at', '<=', nowIso).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }
}
