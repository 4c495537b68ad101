import { describe, expect, it } from 'vitest';
import { CHAT_ERROR_TEXT } from '../../shared/chat-limits.ts';
import type { AssistantEvent } from './assistant.ts';
import { answeredReply } from './answered-reply.ts';

async function collect(events: AsyncIterable<AssistantEvent>, signal = new AbortController().signal) {
  const unanswered: unknown[] = [];
  const seen: AssistantEvent[] = [];
  for await (const event of answeredReply(events, { signal, onUnanswered: (error) => unanswered.push(error) })) seen.push(event);
  return { seen, unanswered };
}

async function* events(list: AssistantEvent[], fail?: Error): AsyncGenerator<AssistantEvent> {
  for (const event of list) yield event;
  if (fail) throw fail;
}

const APOLOGY_ERROR: AssistantEvent = { type: 'error', code: 'assistant_failed', message: CHAT_ERROR_TEXT };

describe('answeredReply: a turn always ends with an answer', () => {
  it('passes a reply through untouched', async () => {
    const reply: AssistantEvent[] = [{ type: 'chat-id', chatId: 'c1' }, { type: 'delta', text: 'Hello' }, { type: 'delta', text: ' there.' }];
    expect(await collect(events(reply))).toEqual({ seen: reply, unanswered: [] });
  });

  it('answers an assistant that throws before saying anything with the apology', async () => {
    const failure = new Error('boom');
    expect(await collect(events([], failure))).toEqual({ seen: [APOLOGY_ERROR, { type: 'delta', text: CHAT_ERROR_TEXT }], unanswered: [failure] });
  });

  it('adds the apology after a blank line when the assistant throws mid-reply', async () => {
    const { seen } = await collect(events([{ type: 'delta', text: 'Let me look' }], new Error('socket hang up')));
    expect(seen).toEqual([{ type: 'delta', text: 'Let me look' }, APOLOGY_ERROR, { type: 'delta', text: `\n\n${CHAT_ERROR_TEXT}` }]);
  });

  it('answers an empty reply and says so with null', async () => {
    expect(await collect(events([{ type: 'chat-id', chatId: 'c1' }, { type: 'delta', text: '' }]))).toEqual({
      seen: [{ type: 'chat-id', chatId: 'c1' }, { type: 'delta', text: '' }, APOLOGY_ERROR, { type: 'delta', text: CHAT_ERROR_TEXT }],
      unanswered: [null],
    });
  });

  it('adds nothing after an error event: the assistant gave its own answer to the failure', async () => {
    const reply: AssistantEvent[] = [{ type: 'error', code: 'provider_unavailable', message: 'Sorry.' }];
    expect(await collect(events(reply))).toEqual({ seen: reply, unanswered: [] });
  });

  it('stops at once on abort, adds nothing and ends the provider call', async () => {
    const controller = new AbortController();
    let ended = false;
    const stuck: AsyncIterable<AssistantEvent> = {
      [Symbol.asyncIterator]: () => ({
        next: () => {
          if (ended) return Promise.resolve({ done: true, value: undefined });
          controller.abort();
          return new Promise<IteratorResult<AssistantEvent>>(() => undefined);
        },
        return: () => {
          ended = true;
          return Promise.resolve({ done: true, value: undefined });
        },
      }),
    };
    expect(await collect(stuck, controller.signal)).toEqual({ seen: [], unanswered: [] });
    expect(ended).toBe(true);
  });
});
