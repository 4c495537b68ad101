import type OpenAI from 'openai';
import { createOpenAiClient, describeOpenAiFailure } from '../openai-compatible.ts';
import { decodeWav } from '../audio/wav.ts';
import type { PcmAudio } from '../audio/pcm.ts';
import { SpeechSynthesisError, TTS_MAX_TEXT_LENGTH, TTS_TIMEOUT_MS, type TextToSpeech } from './tts.ts';

export interface OpenAiTtsOptions {
  /** Base URL including /v1, for example http://127.0.0.1:8880/v1; null for OpenAI itself. */
  baseUrl: string | null;
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
  /** OpenAI's voices (and most servers of this API) speak the language of the text. */
  readonly speaksEveryLanguage = true;
  readonly #client: OpenAI;
  readonly #model: string;
  readonly #voice: string;

  constructor(options: OpenAiTtsOptions) {
    this.#client = createOpenAiClient({ ...options, timeoutMs: options.timeoutMs ?? TTS_TIMEOUT_MS });
    this.#model = options.model;
    this.#voice = options.voice;
  }

  async synthesize(text: string, signal: AbortSignal): Promise<PcmAudio> {
    if (signal.aborted) throw new SpeechSynthesisError('aborted');
    let response: Response;
    try {
      response = await this.#client.audio.speech
        .create({ model: this.#model, voice: this.#voice, input: text.slice(0, TTS_MAX_TEXT_LENGTH), response_format: 'wav' }, { signal })
        .asResponse();
    } catch (error) {
      const failure = describeOpenAiFailure(error);
      if (failure.reason === 'status') throw new SpeechSynthesisError(`speech server answered ${failure.status}`, { cause: error });
      throw new SpeechSynthesisError('speech server unreachable', { cause: error });
    }
    try {
      return decodeWav(new Uint8Array(await response.arrayBuffer()));
    } catch (error) {
      throw new SpeechSynthesisError('speech server sent unreadable audio', { cause: error });
    }
  }

  async close(): Promise<void> {}
}
