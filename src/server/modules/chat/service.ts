import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../app-error.ts';
import { newId } from '../../db/ids.ts';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';
import type { Assistant, AssistantTurn } from '../../assistant/assistant.ts';
import { answeredReply } from '../../assistant/answered-reply.ts';
import {
  CHAT_ERROR_TEXT,
  CHAT_RATE_LIMITED_TEXT,
  MAX_CHAT_MESSAGE_LENGTH,
  PUBLIC_CONVERSATION_LIFETIME_MS,
  chatMessageLength,
  messageTooLongText,
} from '../../../shared/chat-limits.ts';
import type { ChatStreamEvent } from '../../../shared/chat-events.ts';
import type { ChatMessage, ChatRiskLevel, ChatSessionResponse, TestChatBody, TestChatReply } from '../../../shared/chat-api.ts';
import { isUuid } from '../../../shared/api-contracts.ts';
import { streamReply, toMessage } from './reply-stream.ts';
import type { SiteLocale } from '../../../shared/site-locales.ts';
import { parseRiskState, type RiskState } from '../../assistant/safety/risk-state.ts';
import type { AdoptionPlan, ChatRepository, ConversationRef, ExportedConversation, MessageRow } from './repository.ts';

const MINUTE = 60_000;

/**
 * Bounded data: one conversation holds at most this many messages (user and Ellis
 * together), and one account at most this many conversations.
 */
export const MAX_MESSAGES_PER_CONVERSATION = 1_000;
export const MAX_CONVERSATIONS_PER_USER = 50;

/**
 * Fixed windows, shared by every instance with REDIS_URL. Per-IP limits are generous because many
 * people share one address (a shelter, a library); per-user limits stop one account from flooding
 * the provider.
 */
export const DEFAULT_CHAT_RATE_LIMITS = {
  messagePerUser: { limit: 20, windowMs: MINUTE },
  messagePerIp: { limit: 60, windowMs: MINUTE },
  sessionPerIp: { limit: 60, windowMs: 10 * MINUTE },
  testChatPerIp: { limit: 30, windowMs: MINUTE },
} satisfies Record<string, RateLimitRule>;

export type ChatRateLimits = typeof DEFAULT_CHAT_RATE_LIMITS;

/** Turns of earlier conversation given to the assistant with each message. */
const HISTORY_MESSAGES = 40;

/** How a caller proves access to a conversation: signed in (private ones) or its token (public ones). */
export type ChatAccess = { kind: 'user'; userId: string } | { kind: 'token'; token: string };

export interface ChatServiceDependencies {
  repository: ChatRepository;
  assistant: Assistant;
  limiter: RateLimiter;
  limits: ChatRateLimits;
  /** The signed-in user's username, for the welcome and the assistant's personal touch. */
  usernameOf: (userId: string) => Promise<string | null>;
  now: () => number;
  logger: FastifyBaseLogger;
}

export interface PreparedSend {
  /** The user's message, already persisted. */
  userMessage: ChatMessage;
  /** `user`, then the reply's events, then `done` (or `error`). Ends early when `signal` aborts. */
  events: AsyncIterable<ChatStreamEvent>;
}

const notFound = () => new AppError(404, 'conversation_not_found', 'Conversation not found.');

function storedRiskState(json: string | null): RiskState | null {
  if (json === null) return null;
  try {
    return parseRiskState(JSON.parse(json));
  } catch {
    return null;
  }
}

/** The stored level for the session answer; left out when none, as the contract says absent means none. */
function riskLevelField(level: string): { risk_level?: ChatRiskLevel } {
  return level === 'concern' || level === 'crisis' || level === 'immediate-danger' ? { risk_level: level } : {};
}

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

function toTurn(row: MessageRow): AssistantTurn {
  return { role: row.sender === 'ai' ? 'assistant' : 'user', content: row.content };
}

/** An assistant event as the chat stream sends it (chat-id events stay on the server). */

/** The trimmed text of a message, or a 400 that says what is wrong (DESIGN §6 limits). */
export function validMessageText(content: string): string {
  const text = content.trim();
  if (text === '') throw new AppError(400, 'empty_message', 'Write a message first.');
  const length = chatMessageLength(text);
  if (length > MAX_CHAT_MESSAGE_LENGTH) throw new AppError(400, 'message_too_long', messageTooLongText(length));
  return text;
}

/**
 * Text chat (SPEC §2 Chat, §4; DESIGN §5.2): conversations for signed-in users and anonymous
 * visitors, the streamed reply, and the expiry of anonymous conversations. Nothing acknowledged is
 * lost: the user's message is stored before the assistant is asked, and whatever part of the reply
 * was streamed is stored even when the provider fails or the visitor leaves.
 */
export class ChatService {
  readonly #deps: ChatServiceDependencies;

  constructor(deps: ChatServiceDependencies) {
    this.#deps = deps;
  }

  #iso(ms: number = this.#deps.now()): string {
    return new Date(ms).toISOString();
  }

  /** Consumes a rate-limit hit; the 429 says how to get help right now. */
  async #consume(key: string, rule: RateLimitRule): Promise<void> {
    try {
      await this.#deps.limiter.consume(key, rule);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 429) {
        throw new AppError(429, error.code, CHAT_RATE_LIMITED_TEXT, error.headers);
      }
      throw error;
    }
  }

  /**
   * Signed in: the latest conversation with its messages (created with a personal welcome when there
   * is none). Anonymous: a new public conversation that expires in 24 h, with its secret token.
   */
  async startSession(userId: string | null, ip: string, locale: SiteLocale | null = null): Promise<ChatSessionResponse> {
    const provider = this.#deps.assistant.providerName;
    if (userId) {
      const latest = await this.#deps.repository.latestConversation(userId);
      if (latest) {
        const ref: ConversationRef = { kind: 'private', id: latest.id, userId };
        const messages = await this.#deps.repository.listMessages(ref);
        return {
          conversation: { id: latest.id, kind: 'private', created_at: latest.created_at, ...riskLevelField(latest.risk_level) },
          messages: messages.map(toMessage),
          provider,
        };
      }
      const username = await this.#deps.usernameOf(userId);
      const now = this.#deps.now();
      const conversation = { id: newId(now), userId, createdAt: this.#iso(now) };
      const welcome = { id: newId(now), sender: 'ai' as const, content: this.#deps.assistant.welcome({ kind: 'private', username, locale }), createdAt: this.#iso(now) };
      await this.#deps.repository.createConversation(conversation, welcome);
      return {
        conversation: { id: conversation.id, kind: 'private', created_at: conversation.createdAt },
        messages: [{ id: welcome.id, sender: 'ai', content: welcome.content, created_at: welcome.createdAt }],
        provider,
      };
    }

    await this.#consume(`chat-session:ip:${ip}`, this.#deps.limits.sessionPerIp);
    const now = this.#deps.now();
    const token = randomBytes(32).toString('base64url');
    const conversation = {
      id: newId(now),
      tokenHash: hashToken(token),
      createdAt: this.#iso(now),
      expiresAt: this.#iso(now + PUBLIC_CONVERSATION_LIFETIME_MS),
    };
    const welcome = { id: newId(now), sender: 'ai' as const, content: this.#deps.assistant.welcome({ kind: 'public', locale }), createdAt: this.#iso(now) };
    await this.#deps.repository.createPublicConversation(conversation, welcome);
    return {
      conversation: { id: conversation.id, kind: 'public', created_at: conversation.createdAt, expires_at: conversation.expiresAt },
      messages: [{ id: welcome.id, sender: 'ai', content: welcome.content, created_at: welcome.createdAt }],
      provider,
      token,
    };
  }

  /** The conversation the caller may use, or 404 (another user's, a wrong token, expired, unknown). */
  async #resolve(
    access: ChatAccess,
    id: string,
  ): Promise<{ ref: ConversationRef; providerChatId: string | null; riskState: RiskState | null; riskLevel: string }> {
    if (!isUuid(id)) throw notFound();
    if (access.kind === 'user') {
      const row = await this.#deps.repository.findConversation(access.userId, id);
      if (!row) throw notFound();
      return {
        ref: { kind: 'private', id, userId: access.userId },
        providerChatId: row.provider_chat_id,
        riskState: storedRiskState(row.risk_state),
        riskLevel: row.risk_level,
      };
    }
    const row = await this.#deps.repository.findPublicConversation(id, this.#iso());
    if (!row || !sameHash(row.token_hash, hashToken(access.token))) throw notFound();
    return { ref: { kind: 'public', id }, providerChatId: row.provider_chat_id, riskState: storedRiskState(row.risk_state), riskLevel: row.risk_level };
  }

  /**
   * A signed-in user keeps the anonymous conversation they hold the token for
   * (docs/decisions/042-keep-an-anonymous-chat-after-sign-in.md): a new private conversation, created
   * now so it is their latest, greets them by name in place of the public welcome and carries every
   * later message; the public conversation is deleted in the same transaction. Null (nothing created)
   * when the person never wrote anything there: it is only deleted.
   */
  async adoptConversation(userId: string, id: string, token: string, ip: string, locale: SiteLocale | null = null): Promise<ChatSessionResponse | null> {
    await this.#resolve({ kind: 'token', token }, id);
    // It creates a conversation, so it spends the same budget as starting one.
    await this.#consume(`chat-session:ip:${ip}`, this.#deps.limits.sessionPerIp);
    if ((await this.#deps.repository.countConversations(userId)) >= MAX_CONVERSATIONS_PER_USER) {
      throw new AppError(409, 'conversation_limit_reached', 'You have too many saved conversations. Delete one to keep this one.');
    }
    const username = await this.#deps.usernameOf(userId);
    const now = this.#deps.now();
    let adopted: AdoptionPlan | null = null;
    const outcome = await this.#deps.repository.adoptPublicConversation(id, this.#iso(now), ({ conversation, messages }) => {
      // Every public conversation opens with Ellis saying it is temporary; that no longer holds.
      const kept = messages[0]?.sender === 'ai' ? messages.slice(1) : messages;
      if (!kept.some((message) => message.sender === 'user')) return null;
      const first = kept[0]!.created_at;
      // Fresh ids from one clock reading are increasing, so (created_at, id) keeps the public order
      // even for messages stored in the same millisecond, with the welcome first.
      const welcome = {
        id: newId(now),
        sender: 'ai' as const,
        content: this.#deps.assistant.welcome({ kind: 'private', username, locale }),
        createdAt: conversation.created_at < first ? conversation.created_at : first,
      };
      adopted = {
        conversation: {
          id: newId(now),
          userId,
          createdAt: this.#iso(now),
          providerChatId: conversation.provider_chat_id,
          riskLevel: conversation.risk_level,
          riskState: conversation.risk_state,
        },
        messages: [welcome, ...kept.map((message) => ({ id: newId(now), sender: message.sender, content: message.content, createdAt: message.created_at }))],
      };
      return adopted;
    });
    if (outcome === 'gone') throw notFound();
    if (outcome === 'deleted' || !adopted) return null;
    const { conversation, messages } = adopted as AdoptionPlan;
    return {
      conversation: { id: conversation.id, kind: 'private', created_at: conversation.createdAt, ...riskLevelField(conversation.riskLevel ?? 'none') },
      messages: messages.map((message) => ({ id: message.id, sender: message.sender, content: message.content, created_at: message.createdAt })),
      provider: this.#deps.assistant.providerName,
    };
  }

  /**
   * The messages, oldest first, and the conversation's stored risk level when it is not none: a
   * reloaded anonymous chat has no session answer to carry it, so the page learns it here and shows
   * the crisis card again.
   */
  async listMessages(access: ChatAccess, id: string): Promise<{ messages: ChatMessage[]; risk_level?: ChatRiskLevel }> {
    const { ref, riskLevel } = await this.#resolve(access, id);
    return { messages: (await this.#deps.repository.listMessages(ref)).map(toMessage), ...riskLevelField(riskLevel) };
  }

  async deleteConversation(access: ChatAccess, id: string): Promise<void> {
    const { ref } = await this.#resolve(access, id);
    if (!(await this.#deps.repository.deleteConversation(ref))) throw notFound();
  }

  /**
   * Validates and stores the user's message, then returns the reply's events. Every refusal (bad
   * input, rate limit, no access) happens here, before anything is streamed.
   */
  async beginSend(access: ChatAccess, id: string, content: string, ip: string, signal: AbortSignal, locale: SiteLocale | null = null): Promise<PreparedSend> {
    const text = validMessageText(content);
    const { ref, providerChatId, riskState } = await this.#resolve(access, id);
    if (access.kind === 'user') await this.#consume(`chat:user:${access.userId}`, this.#deps.limits.messagePerUser);
    await this.#consume(`chat:ip:${ip}`, this.#deps.limits.messagePerIp);
    // Room for this message and its reply, or the conversation is full (bounded data).
    if ((await this.#deps.repository.countMessages(ref)) + 2 > MAX_MESSAGES_PER_CONVERSATION) {
      throw new AppError(409, 'conversation_full', 'This conversation has reached its length limit. Delete it to start a new one.');
    }

    const history = (await this.#deps.repository.listMessages(ref, HISTORY_MESSAGES)).map(toTurn);
    const username = access.kind === 'user' ? await this.#deps.usernameOf(access.userId) : null;
    const now = this.#deps.now();
    const userMessage = toMessage(
      await this.#deps.repository.insertMessage(ref, { id: newId(now), sender: 'user', content: text, createdAt: this.#iso(now) }),
    );
    const events = streamReply(
      { repository: this.#deps.repository, assistant: this.#deps.assistant, now: this.#deps.now, logger: this.#deps.logger },
      { ref, userMessage, history, userText: text, previousChatId: providerChatId, username, riskState, locale },
      signal,
    );
    return { userMessage, events };
  }

  /** "Download my data": a signed-in person's saved conversations with their messages. */
  exportConversations(userId: string): Promise<ExportedConversation[]> {
    return this.#deps.repository.exportConversations(userId);
  }

  /** Deletes expired anonymous conversations and their messages; returns how many. */
  purgeExpired(): Promise<number> {
    return this.#deps.repository.purgeExpiredPublic(this.#iso());
  }

  /** POST /api/ai-test-chat: the whole reply to the last user message, without storing anything. */
  async testChat(turns: TestChatBody['messages'], ip: string, signal: AbortSignal, locale: SiteLocale | null = null): Promise<TestChatReply> {
    const last = turns[turns.length - 1];
    if (!last || last.role !== 'user') throw new AppError(400, 'invalid_messages', 'The last message must be from the user.');
    const userText = validMessageText(last.content);
    for (const turn of turns) {
      if (chatMessageLength(turn.content) > MAX_CHAT_MESSAGE_LENGTH) {
        throw new AppError(400, 'message_too_long', messageTooLongText(chatMessageLength(turn.content)));
      }
    }
    await this.#consume(`test-chat:ip:${ip}`, this.#deps.limits.testChatPerIp);

    let content = '';
    // The test chat answers in one piece, so a reply that needed the apology is a 503 instead.
    let unanswered = false;
    const events = answeredReply(this.#deps.assistant.reply({ history: turns.slice(0, -1), userText, signal, channel: 'test-chat', locale }), {
      signal,
      onUnanswered: (error) => {
        unanswered = true;
        if (error !== null) this.#deps.logger.error({ err: error }, 'test chat reply failed');
      },
    });
    for await (const event of events) {
      if (event.type === 'delta') content += event.text;
    }
    if (signal.aborted) throw new AppError(499, 'client_closed', 'The request was closed.');
    if (unanswered || content === '') throw new AppError(503, 'assistant_failed', CHAT_ERROR_TEXT);
    return { message: { role: 'assistant', content } };
  }
}
