/**
 * Helpers for the chat suites and the chat benchmark: a scriptable fake Assistant and an app on a
 * test database with a fake clock. Not a test file; imported by *.test.ts and bench/chat.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { MemorySharedState } from '../../providers/shared-state/memory-shared-state.ts';
import { loadConfig } from '../../config/config.ts';
import type { Database } from '../../db/database.ts';
import type { TestDatabaseTarget } from '../../db/test-databases.ts';
import type { Assistant, AssistantEvent, AssistantRequest } from '../../assistant/assistant.ts';
import { TEST_AUTH_SECRET } from '../../test-support.ts';
import { FAST_HASHING, fakeClock, type FakeClock } from '../auth/test-kit.ts';
import type { ChatOptions } from './setup.ts';
import type { ChatStreamEvent } from '../../../shared/chat-events.ts';
import { ServerSentEventParser } from '../../../shared/chat-events.ts';

export type Responder = (request: AssistantRequest) => AsyncIterable<AssistantEvent>;

export const FAKE_PRIVATE_WELCOME = (username: string | null | undefined) =>
  `Hi ${username ?? 'there'}, I'm Ellis, an AI helper (not a licensed social worker).`;
export const FAKE_PUBLIC_WELCOME = "Hi, I'm Ellis, an AI helper. This chat is temporary and is deleted after 24 hours.";

/** An Assistant whose replies a test scripts; every request is recorded. */
export class FakeAssistant implements Assistant {
  readonly providerName = 'fake';
  readonly requests: AssistantRequest[] = [];
  respond: Responder;

  constructor(respond: Responder = replyWith([{ type: 'delta', text: 'Hello from Ellis.' }])) {
    this.respond = respond;
  }

  reply(request: AssistantRequest): AsyncIterable<AssistantEvent> {
    this.requests.push(request);
    return this.respond(request);
  }

  welcome(options: { kind: 'private' | 'public'; username?: string | null }): string {
    return options.kind === 'private' ? FAKE_PRIVATE_WELCOME(options.username) : FAKE_PUBLIC_WELCOME;
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

export interface ChatTestApp {
  app: FastifyInstance;
  database: Database & { drop?: () => Promise<void> };
  assistant: FakeAssistant;
  clock: FakeClock;
  close(): Promise<void>;
}

export async function startChatApp(
  target: Pick<TestDatabaseTarget, 'open'>,
  options: { assistant?: FakeAssistant; chat?: ChatOptions; clock?: FakeClock } = {},
): Promise<ChatTestApp> {
  const database = await target.open();
  const clock = options.clock ?? fakeClock();
  const assistant = options.assistant ?? new FakeAssistant();
  const app = await buildApp(loadConfig({ NODE_ENV: 'test' }), {
    database,
    logger: false,
    distDir: null,
    accounts: { secretKeys: [TEST_AUTH_SECRET], now: clock.now, passwordHashing: FAST_HASHING },
    assistant,
    chat: { now: clock.now, ...options.chat },
    sharedState: new MemorySharedState(clock.now),
  });
  return {
    app,
    database,
    assistant,
    clock,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** Parses a whole text/event-stream body. */
export function parseEvents(body: string): ChatStreamEvent[] {
  return new ServerSentEventParser().push(body);
}
