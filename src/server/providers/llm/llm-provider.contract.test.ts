/**
 * The one contract every LLM adapter passes (brief: "every provider interface has a scriptable fake
 * and a contract test that every adapter passes"): the fake, and the openai and vapi adapters
 * against local servers speaking their real streaming protocols.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeLlmProvider, type FakeLlmProvider, type FakeLlmStep } from './testing/fake-llm-provider.ts';
import { LlmError, type LlmEvent, type LlmProvider, type LlmRequest } from './llm-provider.ts';
import { startProtocolServer, unusedAddress, type ProtocolServer, type StreamScenario } from './testing/llm-test-servers.ts';
import { createOpenAiLlmProvider } from './openai-llm-provider.ts';
import { createVapiLlmProvider } from './vapi-llm-provider.ts';

const TIMEOUT_MS = 400;

interface AdapterHarness {
  name: string;
  /** Whether the provider keeps conversations and names them with a chat id. */
  namesChatId: boolean;
  setup(): Promise<void>;
  teardown(): Promise<void>;
  provider(): LlmProvider;
  unreachableProvider(): Promise<LlmProvider>;
  play(scenario: StreamScenario): void;
  /** Resolves once this many calls have ended on the provider's side (connection closed). */
  closedCalls(count: number): Promise<void>;
  callCount(): number;
}

function fakeHarness(): AdapterHarness {
  let fake: FakeLlmProvider = createFakeLlmProvider({ timeoutMs: TIMEOUT_MS });
  return {
    name: 'fake',
    namesChatId: true,
    async setup() {
      fake = createFakeLlmProvider({ timeoutMs: TIMEOUT_MS });
    },
    async teardown() {},
    provider: () => fake,
    async unreachableProvider() {
      const unreachable = createFakeLlmProvider({ timeoutMs: TIMEOUT_MS });
      unreachable.enqueue([{ fail: 'network' }]);
      return unreachable;
    },
    play(scenario) {
      fake.enqueue(scriptOf(scenario));
    },
    async closedCalls(count) {
      while (fake.finishedCalls < count) await new Promise((resolve) => setTimeout(resolve, 5));
    },
    callCount: () => fake.requests.length,
  };
}

function scriptOf(scenario: StreamScenario): FakeLlmStep[] {
  if (scenario.status) return [{ fail: 'status', status: scenario.status }];
  if (scenario.hangAfter === -1) return [{ hang: true }];
  const steps: FakeLlmStep[] = scenario.chatId ? [{ chatId: scenario.chatId }] : [];
  for (const [index, delta] of scenario.deltas.entries()) {
    if (scenario.dropAfter === index) return [...steps, { fail: 'network' }];
    if (scenario.hangAfter === index) return [...steps, { hang: true }];
    steps.push({ delta });
  }
  if (scenario.dropAfter === scenario.deltas.length) steps.push({ fail: 'network' });
  if (scenario.hangAfter === scenario.deltas.length) steps.push({ hang: true });
  return steps;
}

function serverHarness(protocol: 'openai' | 'vapi'): AdapterHarness {
  let server: ProtocolServer | null = null;
  const make = (baseUrl: string) =>
    protocol === 'openai'
      ? createOpenAiLlmProvider({ baseUrl, apiKey: 'sk-test', model: 'test-model', timeoutMs: TIMEOUT_MS })
      : createVapiLlmProvider({ baseUrl, apiKey: 'vapi-test-key', assistantId: 'assistant-1', timeoutMs: TIMEOUT_MS });
  const running = () => {
    if (!server) throw new Error('server not started');
    return server;
  };
  return {
    name: protocol,
    namesChatId: protocol === 'vapi',
    async setup() {
      server = await startProtocolServer(protocol);
    },
    async teardown() {
      await server?.close();
    },
    provider: () => make(running().baseUrl),
    async unreachableProvider() {
      const address = await unusedAddress();
      return make(protocol === 'openai' ? `${address}/v1` : address);
    },
    play: (scenario) => running().play(scenario),
    closedCalls: (count) => running().closedCalls(count),
    callCount: () => running().requests.length,
  };
}

function request(overrides: Partial<LlmRequest> = {}): LlmRequest {
  return {
    messages: [
      { role: 'system', content: 'You are Ellis.' },
      { role: 'user', content: 'I need a place to sleep tonight.' },
    ],
    signal: new AbortController().signal,
    ...overrides,
  };
}

async function collect(stream: AsyncIterable<LlmEvent>): Promise<{ events: LlmEvent[]; error: unknown }> {
  const events: LlmEvent[] = [];
  try {
    for await (const event of stream) events.push(event);
    return { events, error: null };
  } catch (error) {
    return { events, error };
  }
}

const textOf = (events: LlmEvent[]) =>
  events.map((event) => (event.type === 'delta' ? event.text : '')).join('');

for (const harness of [fakeHarness(), serverHarness('openai'), serverHarness('vapi')]) {
  describe(`LLM provider contract: ${harness.name}`, () => {
    beforeAll(() => harness.setup());
    afterAll(() => harness.teardown());

    it('streams the reply as deltas, in order', async () => {
      harness.play({ chatId: 'chat-42', deltas: ['Hello', ", I'm", ' here.'] });
      const { events, error } = await collect(harness.provider().stream(request()));
      expect(error).toBeNull();
      expect(textOf(events)).toBe("Hello, I'm here.");
      expect(events.filter((event) => event.type === 'delta').length).toBe(3);
      const chatIds = events.filter((event) => event.type === 'chat-id');
      if (harness.namesChatId) {
        expect(events[0]).toEqual({ type: 'chat-id', chatId: 'chat-42' });
        expect(chatIds).toHaveLength(1);
      } else {
        expect(chatIds).toHaveLength(0);
      }
    });

    it('skips lines it cannot parse and keeps the text', async () => {
      harness.play({ chatId: 'chat-7', deltas: ['One', ' two', ' three'], malformedLines: true });
      const { events, error } = await collect(harness.provider().stream(request()));
      expect(error).toBeNull();
      expect(textOf(events)).toBe('One two three');
      if (harness.namesChatId) expect(events.filter((event) => event.type === 'chat-id')).toEqual([{ type: 'chat-id', chatId: 'chat-7' }]);
    });

    it.each([503, 401, 429])('reports a %i answer as the provider being unavailable', async (status) => {
      harness.play({ deltas: [], status });
      const { events, error } = await collect(harness.provider().stream(request()));
      expect(events).toEqual([]);
      expect(error).toBeInstanceOf(LlmError);
      expect(error).toMatchObject({ kind: 'unavailable', reason: 'status', status });
    });

    it('reports a stream without text as an empty response', async () => {
      harness.play({ deltas: [] });
      const { events, error } = await collect(harness.provider().stream(request()));
      expect(events.filter((event) => event.type === 'delta')).toEqual([]);
      expect(error).toMatchObject({ kind: 'empty_response', reason: 'empty' });
    });

    it('treats whitespace-only text as an empty response', async () => {
      harness.play({ deltas: [' ', '\n'] });
      const { error } = await collect(harness.provider().stream(request()));
      expect(error).toMatchObject({ kind: 'empty_response' });
    });

    it('keeps the text before a dropped connection, then reports the provider unavailable', async () => {
      harness.play({ deltas: ['Partial', ' answer', ' lost'], dropAfter: 2 });
      const { events, error } = await collect(harness.provider().stream(request()));
      expect(textOf(events)).toBe('Partial answer');
      expect(error).toMatchObject({ kind: 'unavailable', reason: 'network' });
    });

    it('times out a provider that never answers', async () => {
      harness.play({ deltas: ['never'], hangAfter: -1 });
      const { events, error } = await collect(harness.provider().stream(request()));
      expect(events).toEqual([]);
      expect(error).toMatchObject({ kind: 'unavailable', reason: 'timeout' });
    });

    it('times out a provider that stops in the middle of a reply', async () => {
      const before = harness.callCount();
      harness.play({ deltas: ['Still', ' there?'], hangAfter: 1 });
      const { events, error } = await collect(harness.provider().stream(request()));
      expect(textOf(events)).toBe('Still');
      expect(error).toMatchObject({ kind: 'unavailable', reason: 'timeout' });
      // The stalled connection is closed, not left open on the provider.
      await harness.closedCalls(before + 1);
    });

    it('ends quietly when the caller aborts mid-reply, and closes the call', async () => {
      const before = harness.callCount();
      harness.play({ deltas: ['First', ' second'], hangAfter: 1 });
      const controller = new AbortController();
      const events: LlmEvent[] = [];
      for await (const event of harness.provider().stream(request({ signal: controller.signal }))) {
        events.push(event);
        if (event.type === 'delta') controller.abort();
      }
      expect(textOf(events)).toBe('First');
      await harness.closedCalls(before + 1);
    });

    it('yields nothing when the signal is already aborted', async () => {
      const controller = new AbortController();
      controller.abort();
      const { events, error } = await collect(harness.provider().stream(request({ signal: controller.signal })));
      expect(events).toEqual([]);
      expect(error).toBeNull();
    });

    it('reports an unreachable provider as unavailable', async () => {
      const { events, error } = await collect((await harness.unreachableProvider()).stream(request()));
      expect(events).toEqual([]);
      expect(error).toMatchObject({ kind: 'unavailable', reason: 'network' });
    });
  });
}
