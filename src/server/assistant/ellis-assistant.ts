/**
 * The assistant (DESIGN §7): safety first, then grounding, then the provider or the guide, with
 * every model word passing the output guard. Providers never see a turn that skipped these steps.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { CHAT_ERROR_TEXT } from '../../shared/chat-limits.ts';
import { FALLBACK_PHONE_NUMBER, formatPhoneNumber } from '../../shared/public-config.ts';
import { LlmError, type LlmMessage, type LlmProvider } from '../providers/llm/llm-provider.ts';
import type { Assistant, AssistantErrorCode, AssistantEvent, AssistantRequest } from './assistant.ts';
import { detectCrisis, type CrisisDetection } from './crisis-detection.ts';
import { crisisReply } from './crisis-reply.ts';
import { chunkLikeModel, composeGuideReply } from './guide.ts';
import { groundTurn, type ServiceLookup, type TurnGrounding } from './grounding.ts';
import { speakNumbersIn } from './directory-reply.ts';
import { allowedContacts, createStreamingOutputGuard, withServiceContacts } from './output-guard.ts';
import { buildSystemPrompt, privateWelcome, PUBLIC_WELCOME } from './persona.ts';

/** SPEC §8, provider failure; {phone} is Ellis's line, or 211 when none is configured (DESIGN §4). */
export function providerUnavailableText(phoneNumber: string | null): string {
  const phone = phoneNumber ? formatPhoneNumber(phoneNumber) : FALLBACK_PHONE_NUMBER;
  return `I apologize, but I'm experiencing some technical difficulties right now. Please try again in a moment, or feel free to call me directly at ${phone} if you need immediate assistance.`;
}

/** SPEC §8, empty stream result. */
export const EMPTY_RESPONSE_TEXT = "I apologize, but I didn't receive a proper response. Could you please try again?";

export interface EllisAssistantOptions {
  /** The model behind the replies; null means the built-in guide answers everything. */
  provider: LlmProvider | null;
  /** ELLIS_PHONE_NUMBER (E.164) or null. */
  phoneNumber: string | null;
  logger?: Pick<Logger, 'warn' | 'error'> | null;
  /** Pause between the guide's chunks in text chat, so it reads like a model typing; 0 in tests. */
  guideChunkDelayMs?: number;
  /** Seeds the guide's choice of wording. */
  seed?: number;
  /** The services directory: places, services near them, open now. Null answers from the static directory only. */
  directory?: ServiceLookup | null;
  /** The clock openness is judged by; tests pin it. */
  now?: () => Date;
}

const PARAGRAPH = '\n\n';

export function createEllisAssistant(options: EllisAssistantOptions): Assistant {
  const allowed = allowedContacts({ phoneNumber: options.phoneNumber });
  const seed = options.seed ?? 0;
  const chunkDelayMs = options.guideChunkDelayMs ?? 15;

  async function* guideDeltas(
    request: AssistantRequest,
    grounding: TurnGrounding,
    crisis: CrisisDetection | null,
    startsAfterText: boolean,
  ): AsyncGenerator<AssistantEvent> {
    const text = composeGuideReply(
      { userText: request.userText, history: request.history, grounding, channel: request.channel, crisis },
      seed,
    );
    if (text === '') return;
    const chunks = chunkLikeModel(startsAfterText ? `${PARAGRAPH}${text}` : text, seed);
    // Voice speaks sentence by sentence and the test chat answers in one piece: only chat is paced.
    const delayMs = request.channel === 'chat' ? chunkDelayMs : 0;
    for (const [index, chunk] of chunks.entries()) {
      if (request.signal.aborted) return;
      if (delayMs > 0 && index > 0) {
        try {
          await sleep(delayMs, undefined, { signal: request.signal });
        } catch {
          return;
        }
      }
      yield { type: 'delta', text: chunk };
    }
  }

  async function* reply(request: AssistantRequest): AsyncGenerator<AssistantEvent> {
    const { signal } = request;
    if (signal.aborted) return;
    let shownText = false;

    const crisis = detectCrisis(request.userText);
    if (crisis) {
      const fixed = crisisReply(crisis);
      yield { type: 'crisis', level: fixed.level, resources: fixed.resources };
      yield { type: 'delta', text: fixed.text };
      shownText = true;
    }
    if (signal.aborted) return;

    let grounding: TurnGrounding;
    try {
      grounding = await groundTurn(request.userText, request.history, {
        directory: options.directory ?? null,
        at: options.now?.() ?? new Date(),
        onSearchError: (error) => options.logger?.error({ err: error }, 'assistant directory search failed; answering without services'),
      });
    } catch (error) {
      options.logger?.error({ err: error }, 'assistant grounding failed');
      yield* failure('assistant_failed', CHAT_ERROR_TEXT, shownText);
      return;
    }

    const provider = options.provider;
    if (!provider) {
      yield* guideDeltas(request, grounding, crisis, shownText);
      return;
    }

    const messages: LlmMessage[] = [
      {
        role: 'system',
        content: buildSystemPrompt({
          channel: request.channel,
          username: request.username ?? null,
          resources: grounding.resources,
          place: grounding.place,
          services: grounding.services,
          guide: grounding.guide,
          at: grounding.at,
          phoneNumber: options.phoneNumber,
          crisisReplyShown: crisis !== null,
        }),
      },
      ...request.history.map((turn) => ({ role: turn.role, content: turn.content })),
      { role: 'user', content: request.userText },
    ];
    const guard = createStreamingOutputGuard(withServiceContacts(allowed, grounding.services));
    let separatorDue = shownText;
    // The guard releases whole numbers only, so each piece can be spoken digit by digit.
    const spoken = (text: string) => (request.channel === 'voice' ? speakNumbersIn(text) : text);
    const emit = (guarded: string): AssistantEvent[] => {
      const text = spoken(guarded);
      if (text === '') return [];
      const events: AssistantEvent[] = [];
      if (separatorDue) {
        events.push({ type: 'delta', text: PARAGRAPH });
        separatorDue = false;
      }
      events.push({ type: 'delta', text });
      shownText = true;
      return events;
    };
    try {
      for await (const event of provider.stream({ messages, previousChatId: request.previousChatId ?? null, signal })) {
        if (event.type === 'chat-id') yield event;
        else yield* emit(guard.push(event.text));
      }
      if (signal.aborted) return;
      yield* emit(guard.flush());
    } catch (error) {
      if (signal.aborted) return;
      // What the model said before failing already passed the guard; the held-back tail goes too.
      yield* emit(guard.flush());
      const { code, message } = describeFailure(error, options.phoneNumber);
      const llmError = error instanceof LlmError ? error : null;
      options.logger?.warn(
        { provider: provider.name, code, kind: llmError?.kind ?? 'unknown', reason: llmError?.reason ?? 'unknown', status: llmError?.status ?? null },
        'assistant provider failed; answering with the guide',
      );
      yield* failure(code, message, shownText);
      yield* guideDeltas(request, grounding, crisis, true);
    }
  }

  async function* failure(code: AssistantErrorCode, message: string, afterText: boolean): AsyncGenerator<AssistantEvent> {
    yield { type: 'error', code, message };
    yield { type: 'delta', text: afterText ? `${PARAGRAPH}${message}` : message };
  }

  return {
    providerName: options.provider?.name ?? 'guide',
    reply,
    welcome({ kind, username }) {
      return kind === 'public' ? PUBLIC_WELCOME : privateWelcome(username);
    },
  };
}

function describeFailure(error: unknown, phoneNumber: string | null): { code: AssistantErrorCode; message: string } {
  if (error instanceof LlmError && error.kind === 'unavailable') {
    return { code: 'provider_unavailable', message: providerUnavailableText(phoneNumber) };
  }
  if (error instanceof LlmError && error.kind === 'empty_response') {
    return { code: 'provider_empty_response', message: EMPTY_RESPONSE_TEXT };
  }
  return { code: 'assistant_failed', message: CHAT_ERROR_TEXT };
}
