import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../db/ids.ts';
import type { Assistant, AssistantEvent, AssistantTurn } from '../../assistant/assistant.ts';
import { answeredReply } from '../../assistant/answered-reply.ts';
import type { SiteLocale } from '../../../shared/site-locales.ts';
import type { RiskState } from '../../assistant/safety/risk-state.ts';
import { CHAT_ERROR_TEXT } from '../../../shared/chat-limits.ts';
import type { ChatStreamEvent } from '../../../shared/chat-events.ts';
import type { ChatMessage } from '../../../shared/chat-api.ts';
import type { ChatRepository, ConversationRef, MessageRow } from './repository.ts';

export interface ReplyDependencies {
  repository: ChatRepository;
  assistant: Assistant;
  now: () => number;
  logger: FastifyBaseLogger;
}

/** One user message, already stored, and what the assistant is given to answer it. */
export interface ReplyTurn {
  ref: ConversationRef;
  userMessage: ChatMessage;
  history: AssistantTurn[];
  userText: string;
  previousChatId: string | null;
  username: string | null;
  riskState: RiskState | null;
  locale: SiteLocale | null;
}

export function toMessage(row: MessageRow): ChatMessage {
  return { id: row.id, sender: row.sender, content: row.content, created_at: row.created_at };
}

/**
 * Records the streamed reply for text chat: `user`, then the assistant's events as they come, then
 * `done` (or `error`). The risk state and the provider's chat id are kept with the conversation, and
 * the reply is stored once it is complete, or as far as it got when the visitor leaves. That the
 * reply ends with an answer is answeredReply's rule, not this recorder's.
 */
export async function* streamReply(deps: ReplyDependencies, turn: ReplyTurn, signal: AbortSignal): AsyncGenerator<ChatStreamEvent> {
  const { ref, userMessage, ...request } = turn;
  const { repository, assistant, logger } = deps;
  yield { event: 'user', data: { message: userMessage } };
  // The safety layer's state after this turn, stored with the conversation as soon as it is known.
  let unsavedRisk: RiskState | null = null;
  const saveRisk = async (): Promise<void> => {
    const state = unsavedRisk;
    if (!state) return;
    unsavedRisk = null;
    try {
      await repository.setRiskState(ref, state.level, JSON.stringify(state));
    } catch (error) {
      logger.error({ err: error }, 'chat risk state not saved');
    }
  };
  let reply = '';
  let saved = false;
  const save = async (): Promise<ChatMessage | null> => {
    saved = true;
    if (reply === '') return null;
    const now = deps.now();
    const row = await repository.insertMessage(ref, { id: newId(now), sender: 'ai', content: reply, createdAt: new Date(now).toISOString() });
    return toMessage(row);
  };
  const events = answeredReply(assistant.reply({ ...request, signal, channel: 'chat', onRiskState: (state) => (unsavedRisk = state) }), {
    signal,
    onUnanswered: (error) => (error === null ? logger.warn('chat reply was empty') : logger.error({ err: error }, 'chat reply failed')),
  });
  try {
    for await (const event of events) {
      // After the event is sent: nothing waits on the database before the crisis event.
      if (event.type !== 'crisis') await saveRisk();
      if (event.type === 'chat-id') await rememberChatId(deps, ref, event.chatId);
      else {
        if (event.type === 'delta') reply += event.text;
        yield toStreamEvent(event);
      }
    }
    if (signal.aborted) return;
    let message: ChatMessage | null;
    try {
      message = await save();
    } catch (error) {
      logger.error({ err: error }, 'chat reply not saved');
      yield { event: 'error', data: { code: 'message_not_saved', message: CHAT_ERROR_TEXT } };
      return;
    }
    if (message) yield { event: 'done', data: { message } };
  } finally {
    await saveRisk();
    // The visitor left (or the consumer stopped): keep what was said.
    if (!saved && reply !== '') {
      try {
        await save();
      } catch (error) {
        logger.error({ err: error }, 'partial chat reply not saved');
      }
    }
  }
}

function toStreamEvent(event: Exclude<AssistantEvent, { type: 'chat-id' }>): ChatStreamEvent {
  switch (event.type) {
    case 'delta':
      return { event: 'delta', data: { text: event.text } };
    case 'crisis':
      return {
        event: 'crisis',
        data: { level: event.level, resources: event.resources, ...(event.kinds ? { kinds: event.kinds } : {}), ...(event.language ? { language: event.language } : {}) },
      };
    case 'error':
      return { event: 'error', data: { code: event.code, message: event.message } };
  }
}

/** Kept per conversation and sent back as previousChatId; losing it only costs continuity, not the reply. */
async function rememberChatId(deps: ReplyDependencies, ref: ConversationRef, chatId: string): Promise<void> {
  try {
    await deps.repository.setProviderChatId(ref, chatId);
  } catch (error) {
    deps.logger.warn({ err: error }, 'provider chat id not saved');
  }
}
