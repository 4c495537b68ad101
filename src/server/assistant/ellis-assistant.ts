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
import { crisisReply, questionText, replyWords } from './crisis-reply.ts';
import type { ModelCheck, ModelVerdict } from './safety/model-check.ts';
import { advanceRisk, type RiskState } from './safety/risk-state.ts';
import { riskRank, type RiskVerdict } from './safety/risk.ts';
import { createSafetyLayer, type SafetyLayer } from './safety/safety-layer.ts';
import { chunkLikeModel, composeGuideReply } from './guide.ts';
import { groundTurn, type ServiceLookup, type TurnGrounding } from './grounding.ts';
import { speakNumbersIn } from './directory-reply.ts';
import { allowedContacts, createStreamingOutputGuard, withServiceContacts } from './output-guard.ts';
import { buildSystemPrompt, privateWelcome, publicWelcome } from './persona.ts';
import { languageOfLocale, replyLocale } from './reply-language.ts';
import type { SiteLocale } from '../../shared/site-locales.ts';

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
  /** The safety layer (rules and classifier); one is built when absent. */
  safety?: SafetyLayer;
  /** The model check beside the reply; only with a model configured. */
  modelCheck?: ModelCheck | null;
}

const PARAGRAPH = '\n\n';

export function createEllisAssistant(options: EllisAssistantOptions): Assistant {
  const allowed = allowedContacts({ phoneNumber: options.phoneNumber });
  const seed = options.seed ?? 0;
  const chunkDelayMs = options.guideChunkDelayMs ?? 15;
  const safety = options.safety ?? createSafetyLayer();

  async function* guideDeltas(
    request: AssistantRequest,
    grounding: TurnGrounding,
    crisis: RiskVerdict | null,
    startsAfterText: boolean,
    locale: SiteLocale,
  ): AsyncGenerator<AssistantEvent> {
    const text = composeGuideReply(
      { userText: request.userText, history: request.history, grounding, channel: request.channel, crisis, locale },
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

    // Safety first (DESIGN §7.1): synchronous, provider-independent, before anything else is sent.
    const decision = safety.assess({ history: request.history, userText: request.userText, state: request.riskState ?? null });
    let state = decision.state;
    // The safety layer reads the message's language; the page's locale decides when the message does not tell.
    const locale = replyLocale({ userText: request.userText, pageLocale: request.locale ?? null, conversationLanguage: state.language });
    const language = languageOfLocale(locale);
    // Chinese written in Simplified characters keeps the safety layer's Simplified replies.
    const traditional = language === 'zh' ? (state.language === 'zh' ? (state.traditional ?? false) : true) : false;
    const words = () => replyWords(language, traditional);
    let alerted: 'crisis' | 'immediate-danger' | null = null;
    if (decision.alert) {
      const fixed = crisisReply({ ...decision.alert, language, traditional });
      yield { type: 'crisis', level: fixed.level, resources: fixed.resources, kinds: decision.alert.kinds, language };
      yield { type: 'delta', text: fixed.text };
      alerted = fixed.level;
      shownText = true;
    } else if (decision.ask) {
      yield { type: 'delta', text: questionText(words(), decision.ask) };
      shownText = true;
    } else if (decision.screenedNo) {
      yield { type: 'delta', text: words().screenedNo };
      shownText = true;
    }
    request.onRiskState?.(state);
    if (signal.aborted) return;
    const safetyTextShown = shownText;
    // The guide only adds resources for other needs after a fixed safety text.
    const crisis: RiskVerdict | null = safetyTextShown ? { level: state.level, kinds: state.kinds, language } : null;

    let grounding: TurnGrounding;
    try {
      grounding = await groundTurn(request.userText, request.history, {
        directory: options.directory ?? null,
        at: options.now?.() ?? new Date(),
        onSearchError: (error) => options.logger?.error({ err: error }, 'assistant directory search failed; answering without services'),
      });
    } catch (error) {
      // Search errors are already answered without services; this is a bug, and the reader's
      // answeredReply (assistant/answered-reply.ts) ends the turn with the apology.
      options.logger?.error({ err: error }, 'assistant grounding failed');
      throw error;
    }

    const provider = options.provider;
    if (!provider) {
      yield* guideDeltas(request, grounding, crisis, shownText, locale);
      if (decision.aboutDanger) yield { type: 'delta', text: `${PARAGRAPH}${words().aboutDanger}` };
      return;
    }

    // The model check reads the recent turns beside the reply; it can only raise the level.
    let modelVerdict: ModelVerdict | null | undefined;
    const checking = options.modelCheck
      ?.check([...request.history, { role: 'user', content: request.userText }], signal)
      .then((verdict) => {
        modelVerdict = verdict;
      });
    const raiseFromModel = function* (): Generator<AssistantEvent> {
      const verdict = modelVerdict;
      modelVerdict = null;
      if (!verdict || riskRank(verdict.level) <= riskRank(state.level)) return;
      const raised = advanceRisk(state, {
        verdict: { level: verdict.level, kinds: verdict.kinds, language: state.language },
        window: { level: 'none', kinds: [], language: state.language },
        normalized: '',
      });
      // The model check speaks for this same turn: the turn's counters stay as the rules left them.
      state = { ...raised.state, asked: state.asked, concernTurns: state.concernTurns };
      if (raised.alert && !alerted) {
        const fixed = crisisReply({ ...raised.alert, language, traditional });
        yield { type: 'crisis', level: fixed.level, resources: fixed.resources, kinds: raised.alert.kinds, language };
        yield { type: 'delta', text: shownText ? `${PARAGRAPH}${fixed.text}` : fixed.text };
        alerted = fixed.level;
        shownText = true;
      } else if (raised.ask && !decision.ask && !alerted) {
        state = { ...state, asked: raised.ask };
        pendingQuestion = raised.ask;
      }
      request.onRiskState?.(state);
    };
    let pendingQuestion: RiskState['asked'] = null;

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
          crisisReplyShown: decision.alert !== null,
          safetyQuestionAsked: decision.ask !== null,
          ongoingCrisis: riskRank(state.level) >= riskRank('crisis'),
          locale,
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
        if (modelVerdict) yield* raiseFromModel();
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
      yield* guideDeltas(request, grounding, crisis, true, locale);
    }
    // The check has its own time limit; what it says still belongs to this turn.
    if (checking) await checking;
    if (signal.aborted) return;
    yield* raiseFromModel();
    if (pendingQuestion) yield { type: 'delta', text: `${PARAGRAPH}${questionText(words(), pendingQuestion)}` };
    else if (decision.aboutDanger && !alerted) yield { type: 'delta', text: `${PARAGRAPH}${words().aboutDanger}` };
  }

  async function* failure(code: AssistantErrorCode, message: string, afterText: boolean): AsyncGenerator<AssistantEvent> {
    yield { type: 'error', code, message };
    yield { type: 'delta', text: afterText ? `${PARAGRAPH}${message}` : message };
  }

  return {
    providerName: options.provider?.name ?? 'guide',
    reply,
    welcome({ kind, username, locale }) {
      return kind === 'public' ? publicWelcome(locale ?? 'en') : privateWelcome(username, locale ?? 'en');
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
