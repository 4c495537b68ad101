/**
 * Builds the one Assistant the app shares between text chat, voice and the test chat, from the
 * configuration (LLM_PROVIDER and friends). Tests and benchmarks pass `llmProvider` to use a fake.
 */
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { LlmProvider } from '../providers/llm/llm-provider.ts';
import { createLlmProviderFromConfig } from '../providers/engines-from-config.ts';
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

export function createAssistantFromConfig(config: Pick<Config, 'llm' | 'site'>, deps: AssistantDependencies = {}): Assistant {
  const provider = deps.llmProvider !== undefined ? deps.llmProvider : createLlmProviderFromConfig(config.llm);
  return createEllisAssistant({
    provider,
    phoneNumber: config.site.phoneNumber,
    logger: deps.logger ?? null,
    guideChunkDelayMs: deps.guideChunkDelayMs,
    seed: deps.seed,
    directory: deps.directory ?? null,
    // With a model configured, it also reads each turn for risk (docs/decisions/059); it can only raise the
    // level. An injected provider (a test's fake) is left to the reply alone.
    modelCheck:
      provider && deps.llmProvider === undefined ? createModelCheck({ provider, timeoutMs: config.llm.safetyCheckTimeoutMs }) : (deps.modelCheck ?? null),
  });
}
