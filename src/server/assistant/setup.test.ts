import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { createFakeLlmProvider } from '../providers/llm/testing/fake-llm-provider.ts';
import { createAssistantFromConfig } from './setup.ts';

describe('createAssistantFromConfig', () => {
  it('uses the built-in guide by default', () => {
    expect(createAssistantFromConfig(loadConfig({})).providerName).toBe('guide');
  });

  it('builds the configured provider', () => {
    expect(createAssistantFromConfig(loadConfig({ LLM_PROVIDER: 'openai', LLM_MODEL: 'llama3.1', LLM_BASE_URL: 'http://127.0.0.1:11434/v1' })).providerName).toBe('openai');
    expect(createAssistantFromConfig(loadConfig({ LLM_PROVIDER: 'vapi', VAPI_API_KEY: 'k', VAPI_ASSISTANT_ID: 'a' })).providerName).toBe('vapi');
  });

  it('takes a provider from the caller (tests, benchmarks)', async () => {
    const fake = createFakeLlmProvider();
    const assistant = createAssistantFromConfig(loadConfig({}), { llmProvider: fake });
    expect(assistant.providerName).toBe('fake');
    const texts: string[] = [];
    for await (const event of assistant.reply({ history: [], userText: 'hello', signal: new AbortController().signal, channel: 'test-chat' })) {
      if (event.type === 'delta') texts.push(event.text);
    }
    expect(texts.join('')).toBe('I hear you.');
  });
});
