/**
 * The language-model port (DESIGN §7.3). Adapters turn one request into a stream of events and
 * report every failure as an `LlmError`, so the assistant can choose SPEC §8's apology without
 * knowing which vendor was behind it.
 */

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmRequest {
  /** System prompt first, then the conversation, the new user message last. */
  messages: readonly LlmMessage[];
  /** The provider's conversation id from an earlier reply; adapters without conversations ignore it. */
  previousChatId?: string | null;
  /** Aborting ends the stream quietly: no error, no more events. */
  signal: AbortSignal;
}

/**
 * `chat-id` comes at most once, as soon as the provider names it, and only from providers that
 * keep conversations on their side (vapi). `delta` text is never empty.
 */
export type LlmEvent = { type: 'chat-id'; chatId: string } | { type: 'delta'; text: string };

export interface LlmProvider {
  readonly name: string;
  stream(request: LlmRequest): AsyncIterable<LlmEvent>;
}

/**
 * - `unavailable`: the provider could not be reached or answered badly (non-OK status, no body,
 *   network failure, timeout, an error event in the stream) — SPEC §8 "provider failure".
 * - `empty_response`: the stream ended without any text — SPEC §8 "empty stream result".
 * - `failed`: anything else (a bug, an unexpected answer shape).
 */
export type LlmErrorKind = 'unavailable' | 'empty_response' | 'failed';

/** What went wrong, for logs and tests; never shown to the user. */
export type LlmErrorReason = 'status' | 'no-body' | 'network' | 'timeout' | 'stream-error' | 'empty' | 'unexpected';

export class LlmError extends Error {
  readonly kind: LlmErrorKind;
  readonly reason: LlmErrorReason;
  /** HTTP status when the provider answered with a non-OK one. */
  readonly status: number | null;

  constructor(kind: LlmErrorKind, reason: LlmErrorReason, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'LlmError';
    this.kind = kind;
    this.reason = reason;
    this.status = options.status ?? null;
  }
}
