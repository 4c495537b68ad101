import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../app-error.ts';
import { newId } from '../../db/ids.ts';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';
import type { Assistant, AssistantEvent, AssistantTurn } from '../../assistant/assistant.ts';
import {
  CHAT_ERROR_TEXT,
  CHAT_RATE_LIMITED_TEXT,
  MAX_CHAT_MESSAGE_LENGTH,
  MAX_TEST_CHAT_MESSAGES,
  PUBLIC_CONVERSATION_LIFETIME_MS,
  chatMessageLength,
  messageTooLongText,
} from '../../../shared/chat-limits.ts';
import type { ChatMessage, ChatRiskLevel, ChatSessionResponse, ChatStreamEvent } from '../../../shared/chat-events.ts';
import { parseRiskState, type RiskState } from '../../assistant/safety/risk-state.ts';
import type { AdoptionPlan, ChatRepository, ConversationRef, MessageRow } from './repository.ts';

const MINUTE = 60_000;

/**
 * Bounded data (issue 17): one conversation holds at most this many messages (user and Ellis
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError(404, 'conversation_not_found', 'Conversation not found.');

const sendSchema = z.object({ content: z.string({ error: 'Write a message first.' }) });

const testChatSchema = z.object({
  messages: z
    .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() }), { error: 'Send messages: a list of {role, content}.' })
    .min(1, { error: 'Send at least one message.' })
    .max(MAX_TEST_CHAT_MESSAGES, { error: `Send at most ${MAX_TEST_CHAT_MESSAGES} messages.` }),
});

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

function toMessage(row: MessageRow): ChatMessage {
  return { id: row.id, sender: row.sender, content: row.content, created_at: row.created_at };
}

function toTurn(row: MessageRow): AssistantTurn {
  return { role: row.sender === 'ai' ? 'assistant' : 'user', content: row.content };
}

/** The trimmed text of a message, or a 400 that says what is wrong (DESIGN §6 limits). */
export function validMessageText(content: string): string {
  const text = content.trim();
  if (text === '') throw new AppError(400, 'empty_message', 'Write a message first.');
  const length = chatMessageLength(text);
  if (length > MAX_CHAT_MESSAGE_LENGTH) throw new AppError(400, 'message_too_long', messageTooLongText(length));
  return text;
}

const ABORTED = Symbol('aborted');

/** The iterator's next result, or ABORTED as soon as the signal fires (a provider may be slow to notice). */
function nextOrAbort<T>(iterator: AsyncIterator<T>, signal: AbortSignal): Promise<IteratorResult<T> | typeof ABORTED> {
  if (signal.aborted) return Promise.resolve(ABORTED);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(ABORTED);
    signal.addEventListener('abort', onAbort, { once: true });
    iterator.next().then(
      (result) => {
        signal.removeEventListener('abort', onAbort);
        resolve(result);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Text chat (SPEC §2 Chat, §4; DESIGN §5.2): conversations for signed-in users and anonymous
 * visitors, the streamed reply, and the expiry of anonymous conversations. Nothing acknowledged is
 * lost: the user's message is stored before the assistant is asked, and whatever part of the reply
 * was streamed is stored even when the provider fails or the visitor leaves.
 */
export class ChatService {
  readonly #repository: ChatRepository;
  readonly #assistant: Assistant;
  readonly #limiter: RateLimiter;
  readonly #limits: ChatRateLimits;
  readonly #usernameOf: (userId: string) => Promise<string | null>;
  readonly #now: () => number;
  readonly #logger: FastifyBaseLogger;

  constructor(deps: ChatServiceDependencies) {
    this.#repository = deps.repository;
    this.#assistant = deps.assistant;
    this.#limiter = deps.limiter;
    this.#limits = deps.limits;
    this.#usernameOf = deps.usernameOf;
    this.#now = deps.now;
    this.#logger = deps.logger;
  }

  #iso(ms: number = this.#now()): string {
    return new Date(ms).toISOString();
  }

  /** Consumes a rate-limit hit; the 429 says how to get help right now. */
  async #consume(key: string, rule: RateLimitRule): Promise<void> {
    try {
      await this.#limiter.consume(key, rule);
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
  async startSession(userId: string | null, ip: string): Promise<ChatSessionResponse> {
    const provider = this.#assistant.providerName;
    if (userId) {
      const latest = await this.#repository.latestConversation(userId);
      if (latest) {
        const ref: ConversationRef = { kind: 'private', id: latest.id, userId };
        const messages = await this.#repository.listMessages(ref);
        return {
          conversation: { id: latest.id, kind: 'private', created_at: latest.created_at, ...riskLevelField(latest.risk_level) },
          messages: messages.map(toMessage),
          provider,
        };
      }
      const username = await this.#usernameOf(userId);
      const now = this.#now();
      const conversation = { id: newId(now), userId, createdAt: this.#iso(now) };
      const welcome = { id: newId(now), sender: 'ai' as const, content: this.#assistant.welcome({ kind: 'private', username }), createdAt: this.#iso(now) };
      await this.#repository.createConversation(conversation, welcome);
      return {
        conversation: { id: conversation.id, kind: 'private', created_at: conversation.createdAt },
        messages: [{ id: welcome.id, sender: 'ai', content: welcome.content, created_at: welcome.createdAt }],
        provider,
      };
    }

    await this.#consume(`chat-session:ip:${ip}`, this.#limits.sessionPerIp);
    const now = this.#now();
    const token = randomBytes(32).toString('base64url');
    const conversation = {
      id: newId(now),
      tokenHash: hashToken(token),
      createdAt: this.#iso(now),
      expiresAt: this.#iso(now + PUBLIC_CONVERSATION_LIFETIME_MS),
    };
    const welcome = { id: newId(now), sender: 'ai' as const, content: this.#assistant.welcome({ kind: 'public' }), createdAt: this.#iso(now) };
    await this.#repository.createPublicConversation(conversation, welcome);
    return {
      conversation: { id: conversation.id, kind: 'public', created_at: conversation.createdAt, expires_at: conversation.expiresAt },
      messages: [{ id: welcome.id, sender: 'ai', content: welcome.content, created_at: welcome.createdAt }],
      provider,
      token,
    };
  }

  /** The conversation the caller may use, or 404 (another user's, a wrong token, expired, unknown). */
  async #resolve(access: ChatAccess, id: string): Promise<{ ref: ConversationRef; providerChatId: string | null; riskState: RiskState | null }> {
    if (!UUID.test(id)) throw notFound();
    if (access.kind === 'user') {
      const row = await this.#repository.findConversation(access.userId, id);
      if (!row) throw notFound();
      return { ref: { kind: 'private', id, userId: access.userId }, providerChatId: row.provider_chat_id, riskState: storedRiskState(row.risk_state) };
    }
    const row = await this.#repository.findPublicConversation(id, this.#iso());
    if (!row || !sameHash(row.token_hash, hashToken(access.token))) throw notFound();
    return { ref: { kind: 'public', id }, providerChatId: row.provider_chat_id, riskState: storedRiskState(row.risk_state) };
  }

  /**
   * A signed-in user keeps the anonymous conversation they hold the token for
   * (docs/decisions/042-keep-an-anonymous-chat-after-sign-in.md): a new private conversation, created
   * now so it is their latest, greets them by name in place of the public welcome and carries every
   * later message; the public conversation is deleted in the same transaction. Null (nothing created)
   * when the person never wrote anything there: it is only deleted.
   */
  async adoptConversation(userId: string, id: string, token: string, ip: string): Promise<ChatSessionResponse | null> {
    await this.#resolve({ kind: 'token', token }, id);
    // It creates a conversation, so it spends the same budget as starting one.
    await this.#consume(`chat-session:ip:${ip}`, this.#limits.sessionPerIp);
    if ((await this.#repository.countConversations(userId)) >= MAX_CONVERSATIONS_PER_USER) {
      throw new AppError(409, 'conversation_limit_reached', 'You have too many saved conversations. Delete one to keep this one.');
    }
    const username = await this.#usernameOf(userId);
    const now = this.#now();
    let adopted: AdoptionPlan | null = null;
    const outcome = await this.#repository.adoptPublicConversation(id, this.#iso(now), ({ conversation, messages }) => {
      // Every public conversation opens with Ellis saying it is temporary; that no longer holds.
      const kept = messages[0]?.sender === 'ai' ? messages.slice(1) : messages;
      if (!kept.some((message) => message.sender === 'user')) return null;
      const first = kept[0]!.created_at;
      // Fresh ids from one clock reading are increasing, so (created_at, id) keeps the public order
      // even for messages stored in the same millisecond, with the welcome first.
      const welcome = {
        id: newId(now),
        sender: 'ai' as const,
        content: this.#assistant.welcome({ kind: 'private', username }),
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
      provider: this.#assistant.providerName,
    };
  }

  async listMessages(access: ChatAccess, id: string): Promise<ChatMessage[]> {
    const { ref } = await this.#resolve(access, id);
    return (await this.#repository.listMessages(ref)).map(toMessage);
  }

  async deleteConversation(access: ChatAccess, id: string): Promise<void> {
    const { ref } = await this.#resolve(access, id);
    if (!(await this.#repository.deleteConversation(ref))) throw notFound();
  }

  /**
   * Validates and stores the user's message, then returns the reply's events. Every refusal (bad
   * input, rate limit, no access) happens here, before anything is streamed.
   */
  async beginSend(access: ChatAccess, id: string, body: unknown, ip: string, signal: AbortSignal): Promise<PreparedSend> {
    const parsed = sendSchema.safeParse(body);
    if (!parsed.success) throw new AppError(400, 'empty_message', 'Write a message first.');
    const text = validMessageText(parsed.data.content);
    const { ref, providerChatId, riskState } = await this.#resolve(access, id);
    if (access.kind === 'user') await this.#consume(`chat:user:${access.userId}`, this.#limits.messagePerUser);
    await this.#consume(`chat:ip:${ip}`, this.#limits.messagePerIp);
    // Room for this message and its reply, or the conversation is full (bounded data, issue 17).
    if ((await this.#repository.countMessages(ref)) + 2 > MAX_MESSAGES_PER_CONVERSATION) {
      throw new AppError(409, 'conversation_full', 'This conversation has reached its length limit. Delete it to start a new one.');
    }

    const history = (await this.#repository.listMessages(ref, HISTORY_MESSAGES)).map(toTurn);
    const username = access.kind === 'user' ? await this.#usernameOf(access.userId) : null;
    const now = this.#now();
    const userMessage = toMessage(
      await this.#repository.insertMessage(ref, { id: newId(now), sender: 'user', content: text, createdAt: this.#iso(now) }),
    );
    const events = this.#reply(ref, userMessage, { history, userText: text, previousChatId: providerChatId, username, riskState }, signal);
    return { userMessage, events };
  }

  async *#reply(
    ref: ConversationRef,
    userMessage: ChatMessage,
    request: { history: AssistantTurn[]; userText: string; previousChatId: string | null; username: string | null; riskState: RiskState | null },
    signal: AbortSignal,
  ): AsyncGenerator<ChatStreamEvent> {
    yield { event: 'user', data: { message: userMessage } };
    // The safety layer's state after this turn, stored with the conversation as soon as it is known.
    let unsavedRisk: RiskState | null = null;
    const saveRisk = async (): Promise<void> => {
      const state = unsavedRisk;
      if (!state) return;
      unsavedRisk = null;
      try {
        await this.#repository.setRiskState(ref, state.level, JSON.stringify(state));
      } catch (error) {
        this.#logger.error({ err: error }, 'chat risk state not saved');
      }
    };
    const onRiskState = (state: RiskState) => {
      unsavedRisk = state;
    };
    let reply = '';
    let saved = false;
    const save = async (): Promise<ChatMessage | null> => {
      if (saved || reply === '') return null;
      saved = true;
      const now = this.#now();
      const row = await this.#repository.insertMessage(ref, { id: newId(now), sender: 'ai', content: reply, createdAt: this.#iso(now) });
      return toMessage(row);
    };

    const iterator = this.#assistant.reply({ ...request, signal, channel: 'chat', onRiskState })[Symbol.asyncIterator]();
    let finished = false;
    try {
      let failed = false;
      try {
        for (;;) {
          const next = await nextOrAbort<AssistantEvent>(iterator, signal);
          if (next === ABORTED || next.done) break;
          const event = next.value;
          // After the event is sent: nothing waits on the database before the crisis event.
          if (unsavedRisk && event.type !== 'crisis') await saveRisk();
          if (event.type === 'delta') {
            reply += event.text;
            yield { event: 'delta', data: { text: event.text } };
          } else if (event.type === 'crisis') {
            const data = { level: event.level, resources: event.resources, ...(event.kinds ? { kinds: event.kinds } : {}), ...(event.language ? { language: event.language } : {}) };
            yield { event: 'crisis', data };
          } else if (event.type === 'chat-id') {
            await this.#rememberChatId(ref, event.chatId);
          } else {
            failed = true;
            yield { event: 'error', data: { code: event.code, message: event.message } };
          }
        }
        finished = !signal.aborted;
      } catch (error) {
        if (signal.aborted) return;
        this.#logger.error({ err: error }, 'chat reply failed');
        failed = true;
        finished = true;
        yield { event: 'error', data: { code: 'assistant_failed', message: CHAT_ERROR_TEXT } };
        const apology = reply === '' ? CHAT_ERROR_TEXT : `\n\n${CHAT_ERROR_TEXT}`;
        reply += apology;
        yield { event: 'delta', data: { text: apology } };
      }
      if (signal.aborted) return;
      if (reply === '' && !failed) {
        // The assistant promises a reply; an empty one still gets an answer the person can act on.
        this.#logger.warn('chat reply was empty');
        yield { event: 'error', data: { code: 'assistant_failed', message: CHAT_ERROR_TEXT } };
        reply = CHAT_ERROR_TEXT;
        yield { event: 'delta', data: { text: reply } };
      }
      let message: ChatMessage | null;
      try {
        message = await save();
      } catch (error) {
        this.#logger.error({ err: error }, 'chat reply not saved');
        yield { event: 'error', data: { code: 'message_not_saved', message: CHAT_ERROR_TEXT } };
        return;
      }
      if (message) yield { event: 'done', data: { message } };
    } finally {
      await saveRisk();
      if (!finished || signal.aborted) {
        // The visitor left (or the consumer stopped): end the provider call, keep what was said.
        void iterator.return?.()?.catch(() => undefined);
      }
      if (!saved && reply !== '') {
        try {
          await save();
        } catch (error) {
          this.#logger.error({ err: error }, 'partial chat reply not saved');
        }
      }
    }
  }

  /** Kept per conversation and sent back as previousChatId; losing it only costs continuity, not the reply. */
  async #rememberChatId(ref: ConversationRef, chatId: string): Promise<void> {
    try {
      await this.#repository.setProviderChatId(ref, chatId);
    } catch (error) {
      this.#logger.warn({ err: error }, 'provider chat id not saved');
    }
  }

  /** Deletes expired anonymous conversations and their messages; returns how many. */
  purgeExpired(): Promise<number> {
    return this.#repository.purgeExpiredPublic(this.#iso());
  }

  /** POST /api/ai-test-chat: the whole reply to the last user message, without storing anything. */
  async testChat(body: unknown, ip: string, signal: AbortSignal): Promise<{ message: { role: 'assistant'; content: string } }> {
    const parsed = testChatSchema.safeParse(body);
    if (!parsed.success) throw new AppError(400, 'invalid_messages', parsed.error.issues[0]?.message ?? 'Send messages: a list of {role, content}.');
    const turns = parsed.data.messages;
    const last = turns[turns.length - 1];
    if (!last || last.role !== 'user') throw new AppError(400, 'invalid_messages', 'The last message must be from the user.');
    const userText = validMessageText(last.content);
    for (const turn of turns) {
      if (chatMessageLength(turn.content) > MAX_CHAT_MESSAGE_LENGTH) {
        throw new AppError(400, 'message_too_long', messageTooLongText(chatMessageLength(turn.content)));
      }
    }
    await this.#consume(`test-chat:ip:${ip}`, this.#limits.testChatPerIp);

    let content = '';
    try {
      for await (const event of this.#assistant.reply({ history: turns.slice(0, -1), userText, signal, channel: 'test-chat' })) {
        if (event.type === 'delta') content += event.text;
      }
    } catch (error) {
      if (signal.aborted) throw new AppError(499, 'client_closed', 'The request was closed.');
      this.#logger.error({ err: error }, 'test chat reply failed');
      throw new AppError(503, 'assistant_failed', CHAT_ERROR_TEXT);
    }
    if (content === '') throw new AppError(503, 'assistant_failed', CHAT_ERROR_TEXT);
    return { message: { role: 'assistant', content } };
  }
}
