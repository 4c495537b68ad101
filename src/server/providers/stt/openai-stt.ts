import { encodeWav } from '../audio/wav.ts';
import type { PcmAudio } from '../audio/pcm.ts';
import { SpeechRecognitionError, STT_TIMEOUT_MS, type SpeechToText } from './stt.ts';

export interface OpenAiSttOptions {
  /** Base URL including /v1, for example http://127.0.0.1:8000/v1. */
  baseUrl: string;
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
  readonly #options: OpenAiSttOptions;

  constructor(options: OpenAiSttOptions) {
    this.#options = options;
  }

  async transcribe(audio: PcmAudio, signal: AbortSignal): Promise<string> {
    const { baseUrl, apiKey, model } = this.#options;
    if (signal.aborted) throw new SpeechRecognitionError('aborted');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(encodeWav(audio))], { type: 'audio/wav' }), 'speech.wav');
    form.append('model', model);
    form.append('response_format', 'json');
    let response: Response;
    try {
      response = await fetch(`${baseUrl.replace(/\/$/, '')}/audio/transcriptions`, {
        method: 'POST',
        headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
        body: form,
        signal: AbortSignal.any([signal, AbortSignal.timeout(this.#options.timeoutMs ?? STT_TIMEOUT_MS)]),
      });
    } catch (error) {
      throw new SpeechRecognitionError('transcription server unreachable', { cause: error });
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new SpeechRecognitionError(`transcription server answered ${response.status}`);
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
