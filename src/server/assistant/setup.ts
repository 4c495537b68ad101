/**
 * Builds the one Assistant the app shares between text chat, voice and the test chat, from the
 * configuration (LLM_PROVIDER and friends). Tests and benchmarks pass `llmProvider` to use a fake.
 */
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { LlmProvider } from '../providers/llm/llm-provider.ts';
import { createOpenAiLlmProvider } from '../providers/llm/openai-llm-provider.ts';
import { createVapiLlmProvider } from '../providers/llm/vapi-llm-provider.ts';
import type { Assistant } from './assistant.ts';
import { createEllisAssistant } from './ellis-assistant.ts';
import type { ServiceLookup } from './grounding.ts';
import { createModelCheck, type ModelCheck } from './safety/model-check.ts';

export interface AssistantDependencies {
  logger?: Pick<Logger, 'warn' | 'error'> | null;
  /** Replaces the configured provider: a fake in tests; null forces the built-in guide. */
  llmProvider?: LlmProvider | null;
  /** Pause between the guide's chunks in text chat (default 15 ms); 0 in tests and benchmarks. */
  guideChunkDelayMs?: number;
  /** Seeds the guide's choice of wording (default 0). */
  seed?: number;
  /** The services directory the answers are grounded in (places, services near them). */
  directory?: ServiceLookup | null;
  /** The safety model check beside an injected provider (tests); built from the config otherwise. */
  modelCheck?: ModelCheck | null;
}

export function createLlmProviderFromConfig(llm: Config['llm']): LlmProvider | null {
  switch (llm.provider) {
    case 'guide':
      return null;
    case 'openai':
      if (!llm.model) throw new Error('LLM_MODEL is required when LLM_PROVIDER=openai');
      return createOpenAiLlmProvider({ baseUrl: llm.baseUrl, apiKey: llm.apiKey, model: llm.model, timeoutMs: llm.timeoutMs });
    case 'vapi':
      if (!llm.vapi.apiKey || !llm.vapi.assistantId) throw new Error('VAPI_API_KEY and VAPI_ASSISTANT_ID are required when LLM_PROVIDER=vapi');
      return createVapiLlmProvider({
        apiKey: llm.vapi.apiKey,
        assistantId: llm.vapi.assistantId,
        baseUrl: llm.vapi.baseUrl,
        timeoutMs: llm.timeoutMs,
      });
  }
}

export function createAssistantFromConfig(config: Pick<Config, 'llm' | 'site'>, deps: AssistantDependencies = {}): Assistant {
  const provider = deps.llmProvider !== undefined ? deps.llmProvider : createLlmProviderFromConfig(config.llm);
  return createEllisAssistant({
    provider,
    phoneNumber: config.site.phoneNumber,
    logger: deps.logger ?? null,
    guideChunkDelayMs: deps.guideChunkDelayMs,
    seed: deps.seed,
    directory: deps.directory ?? null,
    // With a model configured, it also reads each turn for risk (issue 12); it can only raise the
    // level. An injected provider (a test's fake) is left to the reply alone.
    modelCheck:
      provider && deps.llmProvider === undefined ? createModelCheck({ provider, timeoutMs: config.llm.safetyCheckTimeoutMs }) : (deps.modelCheck ?? null),
  });
}
