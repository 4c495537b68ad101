import { describe, expect, it } from 'vitest';
import { CHAT_ERROR_TEXT } from '../../shared/chat-limits.ts';
import { createFakeLlmProvider, scriptFromText } from '../providers/llm/testing/fake-llm-provider.ts';
import type { AssistantEvent, AssistantRequest } from './assistant.ts';
import { replyWords } from './crisis-reply.ts';
import { createEllisAssistant, EMPTY_RESPONSE_TEXT, providerUnavailableText } from './ellis-assistant.ts';
import { REMOVED_LINK_TEXT, REMOVED_NUMBER_TEXT } from './output-guard.ts';

const UNAVAILABLE_211 =
  "I apologize, but I'm experiencing some technical difficulties right now. Please try again in a moment, or feel free to call me directly at 211 if you need immediate assistance.";

function request(userText: string, overrides: Partial<AssistantRequest> = {}): AssistantRequest {
  return { history: [], userText, signal: new AbortController().signal, channel: 'chat', ...overrides };
}

async function run(events: AsyncIterable<AssistantEvent>): Promise<AssistantEvent[]> {
  const all: AssistantEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

const textOf = (events: AssistantEvent[]) => events.map((event) => (event.type === 'delta' ? event.text : '')).join('');

describe('assistant with the guide (no model)', () => {
  const assistant = createEllisAssistant({ provider: null, phoneNumber: null, guideChunkDelayMs: 0 });

  it('answers with grounded text in small deltas and names its provider "guide"', async () => {
    const events = await run(assistant.reply(request("I'm hungry and I have no money for food")));
    expect(assistant.providerName).toBe('guide');
    expect(events.every((event) => event.type === 'delta')).toBe(true);
    expect(events.length).toBeGreaterThan(5);
    const text = textOf(events);
    expect(text).toContain('https://www.sfserviceguide.org/search?query=free%20meals');
    expect(text.match(/\?(?=\s|$)/g)).toHaveLength(1);
  });

  it('sends the crisis event and the fixed reply first, with tap-to-call resources', async () => {
    const events = await run(assistant.reply(request('I want to kill myself')));
    expect(events[0]).toEqual({
      type: 'crisis',
      level: 'crisis',
      resources: [
        { name: '988 Suicide & Crisis Lifeline', phone: '988', sms: '988', url: 'https://988lifeline.org' },
        { name: 'Crisis Text Line', sms: '741741', smsBody: 'HOME', url: 'https://www.crisistextline.org' },
      ],
      kinds: ['suicide'],
      language: 'en',
    });
    expect(events[1]?.type).toBe('delta');
    expect(textOf(events)).toContain('call or text 988');
  });

  it('asks the screening question at concern, first, and reads the next turn carried in the messages as its answer', async () => {
    const first = await run(assistant.reply(request('i feel so hopeless lately')));
    const asked = textOf(first);
    expect(asked.startsWith(replyWords('en').screening)).toBe(true);
    expect(first.some((event) => event.type === 'crisis')).toBe(false);
    // The test chat and voice carry turns, not a state: the layer rebuilds it from them.
    const history = [
      { role: 'user' as const, content: 'i feel so hopeless lately' },
      { role: 'assistant' as const, content: asked },
    ];
    const second = await run(assistant.reply(request('kinda', { history, channel: 'test-chat' })));
    expect(second[0]).toMatchObject({ type: 'crisis', level: 'crisis', kinds: ['suicide'] });
  });

  it('answers in the person\'s language, with interpreters for the lines', async () => {
    const tagalog = textOf(await run(assistant.reply(request('gusto ko nang mamatay, pagod na ako sa lahat'))));
    expect(tagalog).toContain('988');
    expect(tagalog).toContain('"Tagalog"');
    const traditional = await run(assistant.reply(request('我真係唔想再活落去')));
    expect(traditional[0]).toMatchObject({ type: 'crisis', language: 'zh' });
    expect(textOf(traditional)).toContain('請現在就聯絡');
  });

  it('gives information and a gentle mention of 988, never an alarm, to talk about danger', async () => {
    const events = await run(assistant.reply(request('how does 988 work?')));
    expect(events.some((event) => event.type === 'crisis')).toBe(false);
    expect(textOf(events)).toContain(replyWords('en').aboutDanger);
  });

  it('greets with an AI disclosure; public chats say they expire in 24 hours', () => {
    const publicWelcome = assistant.welcome({ kind: 'public' });
    expect(publicWelcome).toContain('AI');
    expect(publicWelcome).toContain('not a licensed therapist or social worker');
    expect(publicWelcome).toContain('deleted after 24 hours');
    const privateWelcome = assistant.welcome({ kind: 'private', username: 'maria_r' });
    expect(privateWelcome.startsWith('Hi maria_r,')).toBe(true);
    expect(privateWelcome).toContain('AI');
    expect(privateWelcome).not.toContain('24 hours');
  });
});

describe('assistant with a model', () => {
  it('passes the model text through the output guard and forwards the chat id', async () => {
    const provider = createFakeLlmProvider();
    provider.enqueue(scriptFromText('Call 415-555-0199, visit https://made-up.org or call 211.', { chatId: 'chat-9' }));
    const assistant = createEllisAssistant({ provider, phoneNumber: null, guideChunkDelayMs: 0 });
    const events = await run(assistant.reply(request('I need a shelter tonight', { previousChatId: 'chat-8' })));
    expect(events[0]).toEqual({ type: 'chat-id', chatId: 'chat-9' });
    expect(textOf(events)).toBe(`Call ${REMOVED_NUMBER_TEXT}, visit ${REMOVED_LINK_TEXT} or call 211.`);
    const sent = provider.requests[0];
    expect(sent?.previousChatId).toBe('chat-8');
    expect(sent?.messages.at(-1)).toEqual({ role: 'user', content: 'I need a shelter tonight' });
    expect(sent?.messages[0]?.role).toBe('system');
    expect(sent?.messages[0]?.content).toContain('Emergency Shelter: https://www.sfserviceguide.org/search?query=emergency%20shelter');
    expect(assistant.providerName).toBe('fake');
  });

  it('sends the crisis reply before any model text, and tells the model it was shown', async () => {
    const provider = createFakeLlmProvider();
    provider.enqueue(scriptFromText("I'm here with you."));
    const assistant = createEllisAssistant({ provider, phoneNumber: null, guideChunkDelayMs: 0 });
    const events = await run(assistant.reply(request('I want to kill myself')));
    expect(events[0]?.type).toBe('crisis');
    const text = textOf(events);
    expect(text.indexOf('988')).toBeLessThan(text.indexOf("I'm here with you."));
    expect(text.endsWith("Are you safe right now?\n\nI'm here with you.")).toBe(true);
    expect(provider.requests[0]?.messages[0]?.content).toContain('has ALREADY been shown');
  });

  it.each([
    ['status', 'provider_unavailable', UNAVAILABLE_211],
    ['network', 'provider_unavailable', UNAVAILABLE_211],
    ['unexpected', 'assistant_failed', CHAT_ERROR_TEXT],
  ] as const)('on a %s failure: error event, SPEC apology, then the guide', async (fail, code, message) => {
    const provider = createFakeLlmProvider();
    provider.enqueue([{ fail }]);
    const assistant = createEllisAssistant({ provider, phoneNumber: null, guideChunkDelayMs: 0 });
    const events = await run(assistant.reply(request("I'm behind on rent and need help")));
    expect(events[0]).toEqual({ type: 'error', code, message });
    expect(events[1]).toEqual({ type: 'delta', text: message });
    const text = textOf(events);
    expect(text.startsWith(`${message}\n\n`)).toBe(true);
    expect(text).toContain('Rental Assistance: https://www.sfserviceguide.org/search?query=rental%20assistance');
  });

  it('reports an empty model answer with its own apology', async () => {
    const provider = createFakeLlmProvider();
    provider.enqueue([{ delta: '  ' }]);
    const assistant = createEllisAssistant({ provider, phoneNumber: null, guideChunkDelayMs: 0 });
    const events = await run(assistant.reply(request('hello')));
    expect(events.find((event) => event.type === 'error')).toEqual({ type: 'error', code: 'provider_empty_response', message: EMPTY_RESPONSE_TEXT });
  });

  it("names Ellis's own number in the apology when one is configured", async () => {
    expect(providerUnavailableText('+14155550123')).toBe(
      "I apologize, but I'm experiencing some technical difficulties right now. Please try again in a moment, or feel free to call me directly at (415) 555-0123 if you need immediate assistance.",
    );
    expect(providerUnavailableText(null)).toBe(UNAVAILABLE_211);
  });

  it('still answers a person in crisis when the provider is down', async () => {
    const provider = createFakeLlmProvider();
    provider.enqueue([{ fail: 'status', status: 503 }]);
    const assistant = createEllisAssistant({ provider, phoneNumber: null, guideChunkDelayMs: 0 });
    const events = await run(assistant.reply(request('My boyfriend hits me and I have nowhere to go')));
    expect(events.map((event) => event.type).slice(0, 4)).toEqual(['crisis', 'delta', 'error', 'delta']);
    expect(textOf(events)).toContain('1-800-799-7233');
  });

  it('keeps what the model said before it failed, then apologizes', async () => {
    const provider = createFakeLlmProvider();
    provider.enqueue([{ delta: 'I hear you. ' }, { delta: 'Let me' }, { fail: 'network' }]);
    const assistant = createEllisAssistant({ provider, phoneNumber: null, guideChunkDelayMs: 0 });
    const text = textOf(await run(assistant.reply(request('I need food'))));
    expect(text.startsWith(`I hear you. Let me\n\n${UNAVAILABLE_211}\n\n`)).toBe(true);
  });

  it('stops at once when the caller aborts, without an error', async () => {
    const provider = createFakeLlmProvider();
    provider.enqueue([{ delta: 'First ' }, { delta: 'part. ' }, { hang: true }]);
    const assistant = createEllisAssistant({ provider, phoneNumber: null, guideChunkDelayMs: 0 });
    const controller = new AbortController();
    const events: AssistantEvent[] = [];
    for await (const event of assistant.reply(request('hello there', { signal: controller.signal }))) {
      events.push(event);
      if (event.type === 'delta') controller.abort();
    }
    expect(events).toEqual([{ type: 'delta', text: 'First ' }]);
    expect(provider.finishedCalls).toBe(1);
  });

  it('stops the guide too when the caller aborts', async () => {
    const assistant = createEllisAssistant({ provider: null, phoneNumber: null, guideChunkDelayMs: 5 });
    const controller = new AbortController();
    const events: AssistantEvent[] = [];
    for await (const event of assistant.reply(request('I need a place to sleep', { signal: controller.signal }))) {
      events.push(event);
      if (events.length === 2) controller.abort();
    }
    expect(events).toHaveLength(2);
  });
});
