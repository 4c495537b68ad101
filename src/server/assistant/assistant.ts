/**
 * The assistant's contract (DESIGN §7), shared by text chat, voice and the test chat. Callers give
 * one user utterance with the earlier turns and read a stream of events; they never talk to a
 * provider directly, so the safety layer and the output guard can never be skipped. They read it
 * through answeredReply (answered-reply.ts), so a reply that throws or says nothing still ends with
 * SPEC §8's apology.
 */

import type { RiskState } from './safety/risk-state.ts';
import type { RiskKind, SafetyLanguage } from './safety/risk.ts';
import type { SiteLocale } from '../../shared/site-locales.ts';

export interface AssistantTurn {
  role: 'user' | 'assistant';
  content: string;
}

export type AssistantChannel = 'chat' | 'voice' | 'test-chat';

export interface AssistantRequest {
  /** Earlier turns, oldest first, without the new utterance. */
  history: readonly AssistantTurn[];
  /** What the person just said or wrote, already trimmed. */
  userText: string;
  /** The provider's conversation id from an earlier reply, sent back for continuity (SPEC §4). */
  previousChatId?: string | null;
  /** Aborting ends the provider call at once; the events already yielded are all there is. */
  signal: AbortSignal;
  channel: AssistantChannel;
  /** Username for a personal touch, when signed in. */
  username?: string | null;
  /** The page's locale, when the request said so: the reply's language when the message does not tell (reply-language.ts). */
  locale?: SiteLocale | null;
  /**
   * The conversation's stored risk state (safety/risk-state.ts). Absent or null: the safety layer
   * rebuilds it from `history` (the test chat and voice carry their turns, not a state).
   */
  riskState?: RiskState | null;
  /**
   * Told the conversation's risk state after this turn, before any model text, and again if the
   * model check raises it; chat stores the last one with the conversation.
   */
  onRiskState?: (state: RiskState) => void;
}

export interface CrisisResource {
  name: string;
  phone?: string;
  sms?: string;
  /** Keyword to text first (for example HOME to 741741); pre-fill it in the sms: link. */
  smsBody?: string;
  url?: string;
}

/** Which fixed reply was chosen; 'immediate-danger' also lists 911 first. */
export type CrisisLevel = 'crisis' | 'immediate-danger';

/** Stable codes of `error` events (DESIGN §5.2); each comes with SPEC §8's apology text. */
export type AssistantErrorCode = 'provider_unavailable' | 'provider_empty_response' | 'assistant_failed';

/**
 * The reply is the concatenation of every `delta` text, in order: the fixed crisis reply, the
 * apology after an `error` and the guide's fallback all arrive as deltas, so what a caller
 * persists (chat) or speaks (voice) is exactly what the person saw.
 */
export type AssistantEvent =
  | { type: 'crisis'; level: CrisisLevel; resources: CrisisResource[]; kinds?: RiskKind[]; language?: SafetyLanguage }
  | { type: 'delta'; text: string }
  | { type: 'chat-id'; chatId: string }
  | { type: 'error'; code: AssistantErrorCode; message: string };

export interface Assistant {
  /** Name of the provider behind the replies, for the chat subtitle (`guide`, `openai`, `vapi`). */
  readonly providerName: string;
  reply(request: AssistantRequest): AsyncIterable<AssistantEvent>;
  /** The first message of a new conversation: persona and AI disclosure (DESIGN §7.4). */
  welcome(options: { kind: 'private' | 'public'; username?: string | null; locale?: SiteLocale | null }): string;
}
