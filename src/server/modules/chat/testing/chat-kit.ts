/**
 * Helpers for the chat suites and the chat benchmark: an app on a test database with a fake clock
 * and the fake assistant, and a parser for the streamed reply. Not a test file; imported by *.test.ts and bench/chat.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database.ts';
import type { TestDatabaseTarget } from '../../../db/testing/test-databases.ts';
import { FakeAssistant } from '../../../assistant/testing/fake-assistant.ts';
import { startAccountsApp } from '../../auth/testing/accounts-kit.ts';
import { fakeClock, type FakeClock } from '../../../testing/fake-clock.ts';
import type { ChatOptions } from '../setup.ts';
import type { ChatStreamEvent } from '../../../../shared/chat-events.ts';
import { ServerSentEventParser } from '../../../../shared/chat-events.ts';

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
  const clock = options.clock ?? fakeClock();
  const assistant = options.assistant ?? new FakeAssistant([], { fallback: 'Hello from Ellis.' });
  const { app, database, close } = await startAccountsApp(target, { clock, app: { assistant, chat: { now: clock.now, ...options.chat } } });
  return { app, database, assistant, clock, close };
}

/** Parses a whole text/event-stream body. */
export function parseEvents(body: string): ChatStreamEvent[] {
  return new ServerSentEventParser().push(body);
}
