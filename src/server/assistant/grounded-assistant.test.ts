import { describe, expect, it } from 'vitest';
import { createFakeLlmProvider, scriptFromText } from '../providers/llm/testing/fake-llm-provider.ts';
import type { AssistantEvent } from './assistant.ts';
import { createEllisAssistant } from './ellis-assistant.ts';
import { REMOVED_NUMBER_TEXT } from './output-guard.ts';
import { createFakeServiceLookup, sampleService } from './testing/fake-service-lookup.ts';

async function text(events: AsyncIterable<AssistantEvent>): Promise<string> {
  let all = '';
  for await (const event of events) if (event.type === 'delta') all += event.text;
  return all;
}

describe('a model grounded in the directory', () => {
  it('is told the place, the services near it and the steps, and may cite only those contacts', async () => {
    const provider = createFakeLlmProvider();
    provider.enqueue(scriptFromText('Try Sample Night Shelter at (510) 555-0100, or (510) 555-0199.'));
    const assistant = createEllisAssistant({
      provider,
      phoneNumber: null,
      directory: createFakeServiceLookup(() => [sampleService()]),
      now: () => new Date('2026-11-24T19:00:00-08:00'),
    });
    const reply = await text(
      assistant.reply({ history: [], userText: 'I have nowhere to sleep tonight in Oakland', signal: new AbortController().signal, channel: 'chat' }),
    );
    const system = provider.requests[0]?.messages[0]?.content ?? '';
    expect(system).toContain('The person said where they are: Oakland (Alameda County). Do not ask again where they are.');
    expect(system).toContain('- Sample Night Shelter: Open now until 7 AM; 100 Example St, Oakland; phone (510) 555-0100');
    expect(reply).toBe(`Try Sample Night Shelter at (510) 555-0100, or ${REMOVED_NUMBER_TEXT}.`);
  });

  it('in a voice call speaks the numbers a model gives digit by digit', async () => {
    const provider = createFakeLlmProvider();
    provider.enqueue(scriptFromText('Call Sample Night Shelter at (510) 555-0100, or dial 211 any time.'));
    const assistant = createEllisAssistant({ provider, phoneNumber: null, directory: createFakeServiceLookup(() => [sampleService()]) });
    const reply = await text(
      assistant.reply({ history: [], userText: 'I need a shelter tonight in Oakland', signal: new AbortController().signal, channel: 'voice' }),
    );
    expect(reply).toBe('Call Sample Night Shelter at 5 1 0, 5 5 5, 0 1 0 0, or dial 2 1 1 any time.');
  });

  it('answers without services when the directory search fails, and logs it', async () => {
    const errors: string[] = [];
    const assistant = createEllisAssistant({
      provider: null,
      phoneNumber: null,
      guideChunkDelayMs: 0,
      directory: { findPlace: createFakeServiceLookup(() => []).findPlace, searchServices: () => Promise.reject(new Error('database is down')) },
      logger: { warn: () => {}, error: (_details: unknown, message: string) => errors.push(message) } as never,
    });
    const reply = await text(
      assistant.reply({ history: [], userText: 'I need food, I am in Oakland', signal: new AbortController().signal, channel: 'chat' }),
    );
    expect(reply).not.toBe('');
    expect(reply).not.toContain('technical difficulties');
    expect(errors).toEqual(['assistant directory search failed; answering without services']);
  });
});
