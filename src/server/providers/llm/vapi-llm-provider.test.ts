import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LlmEvent } from './llm-provider.ts';
import { startProtocolServer, type ProtocolServer } from './testing/llm-test-servers.ts';
import { createVapiLlmProvider } from './vapi-llm-provider.ts';

let server: ProtocolServer;
beforeAll(async () => {
  server = await startProtocolServer('vapi');
});
afterAll(() => server.close());

async function drain(stream: AsyncIterable<LlmEvent>): Promise<LlmEvent[]> {
  const events: LlmEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe('vapi adapter request (SPEC §7 "Chat provider")', () => {
  const provider = () =>
    createVapiLlmProvider({ baseUrl: `${server.baseUrl}/`, apiKey: 'vapi-secret', assistantId: 'asst-9', timeoutMs: 2000 });

  it('POSTs {assistantId, input, stream:true, previousChatId} to /chat with the bearer key', async () => {
    server.play({ chatId: 'chat-2', deltas: ['Okay.'] });
    await drain(
      provider().stream({
        messages: [
          { role: 'system', content: 'persona' },
          { role: 'user', content: 'earlier' },
          { role: 'assistant', content: 'reply' },
          { role: 'user', content: 'I got evicted today' },
        ],
        previousChatId: 'chat-1',
        signal: new AbortController().signal,
      }),
    );
    const recorded = server.requests.at(-1);
    expect(recorded?.method).toBe('POST');
    expect(recorded?.path).toBe('/chat');
    expect(recorded?.headers.authorization).toBe('Bearer vapi-secret');
    expect(recorded?.body).toEqual({ assistantId: 'asst-9', input: 'I got evicted today', stream: true, previousChatId: 'chat-1' });
  });

  it('leaves previousChatId out of the first turn', async () => {
    server.play({ chatId: 'chat-3', deltas: ['Hi.'] });
    const events = await drain(
      provider().stream({ messages: [{ role: 'user', content: 'hello' }], previousChatId: null, signal: new AbortController().signal }),
    );
    expect(server.requests.at(-1)?.body).toEqual({ assistantId: 'asst-9', input: 'hello', stream: true });
    expect(events[0]).toEqual({ type: 'chat-id', chatId: 'chat-3' });
  });
});
