import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LlmEvent, LlmMessage } from './llm-provider.ts';
import { startProtocolServer, type ProtocolServer } from './testing/llm-test-servers.ts';
import { createOpenAiLlmProvider } from './openai-llm-provider.ts';

let server: ProtocolServer;
beforeAll(async () => {
  server = await startProtocolServer('openai');
});
afterAll(() => server.close());

describe('openai adapter request', () => {
  it('streams a chat completion of the whole conversation from the configured base URL and model', async () => {
    server.play({ deltas: ['Sure.'] });
    const messages: LlmMessage[] = [
      { role: 'system', content: 'persona' },
      { role: 'user', content: 'I lost my job' },
      { role: 'assistant', content: 'That is hard.' },
      { role: 'user', content: 'I need food' },
    ];
    const provider = createOpenAiLlmProvider({ baseUrl: server.baseUrl, apiKey: 'sk-local', model: 'llama3.1', timeoutMs: 2000 });
    const events: LlmEvent[] = [];
    for await (const event of provider.stream({ messages, previousChatId: 'ignored', signal: new AbortController().signal })) {
      events.push(event);
    }
    expect(events).toEqual([{ type: 'delta', text: 'Sure.' }]);
    const recorded = server.requests.at(-1);
    expect(recorded?.path).toBe('/v1/chat/completions');
    expect(recorded?.headers.authorization).toBe('Bearer sk-local');
    expect(recorded?.body).toMatchObject({ model: 'llama3.1', stream: true, messages });
  });
});
