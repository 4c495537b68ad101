import type OpenAI from 'openai';
import { createOpenAiClient, describeOpenAiFailure } from '../openai-compatible.ts';
import { encodeWav } from '../audio/wav.ts';
import type { PcmAudio } from '../audio/pcm.ts';
import { SpeechRecognitionError, STT_TIMEOUT_MS, type SpeechToText } from './stt.ts';

export interface OpenAiSttOptions {
  /** Base URL including /v1, for example http://127.0.0.1:8000/v1; null for OpenAI itself. */
  baseUrl: string | null;
  apiKey: string | null;
  model: string;
  timeoutMs?: number;
}

/**
 * Any server that speaks OpenAI's `POST /v1/audio/transcriptions` (OpenAI, Groq, faster-whisper
 * servers, whisper.cpp server, LocalAI…): the turn is uploaded as a WAVE file from memory.
 */
export class OpenAiStt implements SpeechToText {
  readonly name = 'openai';
  readonly #client: OpenAI;
  readonly #model: string;

  constructor(options: OpenAiSttOptions) {
    this.#client = createOpenAiClient({ ...options, timeoutMs: options.timeoutMs ?? STT_TIMEOUT_MS });
    this.#model = options.model;
  }

  async transcribe(audio: PcmAudio, signal: AbortSignal): Promise<string> {
    if (signal.aborted) throw new SpeechRecognitionError('aborted');
    const file = new File([new Uint8Array(encodeWav(audio))], 'speech.wav', { type: 'audio/wav' });
    let response: Response;
    try {
      response = await this.#client.audio.transcriptions
        .create({ file, model: this.#model, response_format: 'json' }, { signal })
        .asResponse();
    } catch (error) {
      const failure = describeOpenAiFailure(error);
      if (failure.reason === 'status') throw new SpeechRecognitionError(`transcription server answered ${failure.status}`, { cause: error });
      throw new SpeechRecognitionError('transcription server unreachable', { cause: error });
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new SpeechRecognitionError('transcription server sent no JSON', { cause: error });
    }
    const text = (body as { text?: unknown } | null)?.text;
    if (typeof text !== 'string') throw new SpeechRecognitionError('transcription server sent no text');
    return text.trim();
  }

  async close(): Promise<void> {}
}
