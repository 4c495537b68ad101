/**
 * The one stand-in for the Assistant in tests and benchmarks (chat, voice, telephony, metrics): its
 * replies are scripted and every request is recorded. Not a test file; imported by *.test.ts and bench/.
 */
import type { SiteLocale } from '../../../shared/site-locales.ts';
import type { Assistant, AssistantEvent, AssistantRequest } from '../assistant.ts';

export type Responder = (request: AssistantRequest) => AsyncIterable<AssistantEvent>;

/** One reply: events yielded in order (`delayMs` apart), or a generator that makes them. */
export type ScriptedReply = AssistantEvent[] | Responder;

export const FAKE_PRIVATE_WELCOME = (username: string | null | undefined) =>
  `Hi ${username ?? 'there'}, I'm Ellis, an AI helper (not a licensed social worker).`;
export const FAKE_PUBLIC_WELCOME = "Hi, I'm Ellis, an AI helper. This chat is temporary and is deleted after 24 hours.";

/**
 * Each reply takes the next entry of `script`; once the script is used up, `respond` answers when
 * set, else the reply is `fallback` in one piece.
 */
export class FakeAssistant implements Assistant {
  readonly providerName: string;
  readonly requests: AssistantRequest[] = [];
  readonly script: ScriptedReply[];
  respond: Responder | null = null;
  fallback: string;
  /** Pause before each event of a scripted event list. */
  delayMs: number;

  constructor(script: ScriptedReply[] = [], options: { delayMs?: number; fallback?: string; providerName?: string } = {}) {
    this.script = [...script];
    this.delayMs = options.delayMs ?? 0;
    this.fallback = options.fallback ?? 'I hear you. Tell me more about that.';
    this.providerName = options.providerName ?? 'fake';
  }

  reply(request: AssistantRequest): AsyncIterable<AssistantEvent> {
    this.requests.push({ ...request, history: [...request.history] });
    const next = this.script.shift() ?? this.respond ?? [{ type: 'delta', text: this.fallback }];
    if (typeof next === 'function') return next(request);
    const delayMs = this.delayMs;
    return (async function* () {
      for (const event of next) {
        if (delayMs > 0) await abortableDelay(delayMs, request.signal);
        if (request.signal.aborted) return;
        yield event;
      }
    })();
  }

  welcome(options: { kind: 'private' | 'public'; username?: string | null; locale?: SiteLocale | null }): string {
    const text = options.kind === 'private' ? FAKE_PRIVATE_WELCOME(options.username) : FAKE_PUBLIC_WELCOME;
    // The locale shows in the text, so a test can see which one the welcome was asked in.
    return options.locale && options.locale !== 'en' ? `${text} [${options.locale}]` : text;
  }
}

/** Replies with these events, in order, at once. */
export function replyWith(events: AssistantEvent[]): Responder {
  return async function* () {
    for (const event of events) yield event;
  };
}

/** A switch a scripted reply waits on. */
export interface Gate {
  promise: Promise<void>;
  open(): void;
}

export function gate(): Gate {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** Yields `before`, waits for the gate (or the request's abort), then throws or yields `after`. */
export function replyThenWait(before: AssistantEvent[], wait: Gate, then: { after?: AssistantEvent[]; fail?: Error } = {}): Responder {
  return async function* (request) {
    for (const event of before) yield event;
    await new Promise<void>((resolve, reject) => {
      void wait.promise.then(resolve);
      request.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
    });
    if (then.fail) throw then.fail;
    for (const event of then.after ?? []) yield event;
  };
}

function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
