import { decodeWav } from '../audio/wav.ts';
import type { PcmAudio } from '../audio/pcm.ts';
import { SpeechSynthesisError, TTS_MAX_TEXT_LENGTH, TTS_TIMEOUT_MS, type TextToSpeech } from './tts.ts';

export interface OpenAiTtsOptions {
  /** Base URL including /v1, for example http://127.0.0.1:8880/v1. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  voice: string;
  timeoutMs?: number;
}

/**
 * Any server that speaks OpenAI's `POST /v1/audio/speech` (OpenAI, Kokoro-FastAPI, LocalAI…).
 * WAVE is asked for because every such server offers it and it carries its own rate.
 */
export class OpenAiTts implements TextToSpeech {
  readonly name = 'openai';
  readonly #options: OpenAiTtsOptions;

  constructor(options: OpenAiTtsOptions) {
    this.#options = options;
  }

  async synthesize(text: string, signal: AbortSignal): Promise<PcmAudio> {
    const { baseUrl, apiKey, model, voice } = this.#options;
    if (signal.aborted) throw new SpeechSynthesisError('aborted');
    let response: Response;
    try {
      response = await fetch(`${baseUrl.replace(/\/$/, '')}/audio/speech`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify({ model, voice, input: text.slice(0, TTS_MAX_TEXT_LENGTH), response_format: 'wav' }),
        signal: AbortSignal.any([signal, AbortSignal.timeout(this.#options.timeoutMs ?? TTS_TIMEOUT_MS)]),
      });
    } catch (error) {
      throw new SpeechSynthesisError('speech server unreachable', { cause: error });
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new SpeechSynthesisError(`speech server answered ${response.status}`);
    }
    try {
      return decodeWav(new Uint8Array(await response.arrayBuffer()));
    } catch (error) {
      throw new SpeechSynthesisError('speech server sent unreadable audio', { cause: error });
    }
  }

  async close(): Promise<void> {}
}
