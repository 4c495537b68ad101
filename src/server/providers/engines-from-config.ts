/**
 * Every engine built from the configuration, in one place (DESIGN §3, §4): the language model behind
 * the assistant, and the detector, recognizer and voice behind calls. The shared state (counters,
 * locks) is built beside its adapters in shared-state/create-shared-state.ts.
 */
import type { Config } from '../config/config.ts';
import type { LlmProvider } from './llm/llm-provider.ts';
import { createOpenAiLlmProvider } from './llm/openai-llm-provider.ts';
import { createVapiLlmProvider } from './llm/vapi-llm-provider.ts';
import { SileroVad } from './vad/silero-vad.ts';
import type { VadProvider } from './vad/vad.ts';
import { OpenAiStt } from './stt/openai-stt.ts';
import { isSphinxInstalled, SphinxStt } from './stt/sphinx-stt.ts';
import { builtDomainLanguageModel } from './stt/language-model/domain-language-model.ts';
import type { SpeechToText } from './stt/stt.ts';
import { FLITE_VOICES, FliteTts, type FliteVoice } from './tts/flite-tts.ts';
import { OpenAiTts } from './tts/openai-tts.ts';
import type { TextToSpeech } from './tts/tts.ts';

/** The configured language model; null for the built-in guide (LLM_PROVIDER=guide). */
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

export interface VoiceProviders {
  vad: VadProvider;
  /** null when no speech recognition is available: calls are refused with a clear code. */
  stt: SpeechToText | null;
  tts: TextToSpeech;
}

/** The speech providers chosen by configuration (DESIGN §4). */
export function createVoiceProviders(config: Config, options: { sphinxInstalled?: () => boolean } = {}): VoiceProviders {
  return { vad: new SileroVad(), stt: createStt(config, options.sphinxInstalled ?? isSphinxInstalled), tts: createTts(config) };
}

/** Whether voice calls can work with this configuration on this machine (the pages offer them only then). */
export function speechRecognitionAvailable(config: Config, sphinxInstalled: () => boolean = isSphinxInstalled): boolean {
  return createStt(config, sphinxInstalled) !== null;
}

function createStt(config: Config, sphinxInstalled: () => boolean): SpeechToText | null {
  const { provider, baseUrl, apiKey, model } = config.stt;
  if (provider === 'none') return null;
  const openAiConfigured = baseUrl !== null || apiKey !== null;
  const openAi = () => new OpenAiStt({ baseUrl, apiKey, model: model ?? 'whisper-1' });
  if (provider === 'openai') return openAi();
  // The domain model (decision 088) when the build step made it; the general model otherwise.
  const sphinx = () => new SphinxStt(builtDomainLanguageModel() ?? {});
  if (provider === 'sphinx') return sphinxInstalled() ? sphinx() : null;
  // auto: a configured server first (it is what the operator set up), then the offline engine.
  if (openAiConfigured) return openAi();
  return sphinxInstalled() ? sphinx() : null;
}

function createTts(config: Config): TextToSpeech {
  const { provider, baseUrl, apiKey, model, voice } = config.tts;
  if (provider === 'openai') {
    return new OpenAiTts({ baseUrl, apiKey, model: model ?? 'tts-1', voice: voice ?? 'alloy' });
  }
  const fliteVoice = FLITE_VOICES.find((name) => name === voice);
  return new FliteTts(fliteVoice ? { voice: fliteVoice satisfies FliteVoice } : {});
}
