import type { Config } from '../../config/config.ts';
import { SileroVad } from '../../providers/vad/silero-vad.ts';
import type { VadProvider } from '../../providers/vad/vad.ts';
import { OpenAiStt } from '../../providers/stt/openai-stt.ts';
import { isSphinxInstalled, SphinxStt } from '../../providers/stt/sphinx-stt.ts';
import type { SpeechToText } from '../../providers/stt/stt.ts';
import { FLITE_VOICES, FliteTts, type FliteVoice } from '../../providers/tts/flite-tts.ts';
import { OpenAiTts } from '../../providers/tts/openai-tts.ts';
import type { TextToSpeech } from '../../providers/tts/tts.ts';

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

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
  const openAi = () => new OpenAiStt({ baseUrl: baseUrl ?? OPENAI_BASE_URL, apiKey, model: model ?? 'whisper-1' });
  if (provider === 'openai') return openAi();
  if (provider === 'sphinx') return sphinxInstalled() ? new SphinxStt() : null;
  // auto: a configured server first (it is what the operator set up), then the offline engine.
  if (openAiConfigured) return openAi();
  return sphinxInstalled() ? new SphinxStt() : null;
}

function createTts(config: Config): TextToSpeech {
  const { provider, baseUrl, apiKey, model, voice } = config.tts;
  if (provider === 'openai') {
    return new OpenAiTts({ baseUrl: baseUrl ?? OPENAI_BASE_URL, apiKey, model: model ?? 'tts-1', voice: voice ?? 'alloy' });
  }
  const fliteVoice = FLITE_VOICES.find((name) => name === voice);
  return new FliteTts(fliteVoice ? { voice: fliteVoice satisfies FliteVoice } : {});
}
