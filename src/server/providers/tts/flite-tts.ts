import { Worker } from 'node:worker_threads';
import type { PcmAudio } from '../audio/pcm.ts';
import { SpeechSynthesisError, TTS_MAX_TEXT_LENGTH, TTS_TIMEOUT_MS, type TextToSpeech } from './tts.ts';
import type { FliteRequest, FliteResponse } from './flite-worker.ts';

/** Built-in voices of the WASI build; `slt` is a clear US English voice at 16 kHz. */
export const FLITE_VOICES = ['slt', 'kal16', 'rms', 'awb', 'kal'] as const;
export type FliteVoice = (typeof FLITE_VOICES)[number];

interface Pending {
  resolve: (audio: PcmAudio) => void;
  reject: (error: Error) => void;
}

/**
 * The built-in, offline TTS (DESIGN §2): Flite in one worker thread shared by every call. Requests
 * queue in the worker; a worker that crashes or hangs is replaced on the next request.
 */
export class FliteTts implements TextToSpeech {
  readonly name = 'flite';
  readonly speaksEveryLanguage = false;
  readonly #voice: FliteVoice;
  readonly #timeoutMs: number;
  #worker: Worker | null = null;
  #nextId = 1;
  readonly #pending = new Map<number, Pending>();

  constructor(options: { voice?: FliteVoice; timeoutMs?: number } = {}) {
    this.#voice = options.voice ?? 'slt';
    this.#timeoutMs = options.timeoutMs ?? TTS_TIMEOUT_MS;
  }

  synthesize(text: string, signal: AbortSignal): Promise<PcmAudio> {
    const cleaned = cleanForFlite(text);
    if (signal.aborted) return Promise.reject(new SpeechSynthesisError('aborted'));
    if (cleaned === '') return Promise.resolve({ samples: new Int16Array(0), sampleRate: 16_000 });
    const worker = this.#ensureWorker();
    const id = this.#nextId++;
    return new Promise<PcmAudio>((resolve, reject) => {
      const timer = setTimeout(() => {
        // A hung synthesis blocks the queue: replace the worker and fail what was waiting.
        this.#failAll(new SpeechSynthesisError('flite timed out'));
        void this.#stopWorker();
      }, this.#timeoutMs);
      const onAbort = () => settle(() => reject(new SpeechSynthesisError('aborted')));
      const settle = (finish: () => void) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.#pending.delete(id);
        finish();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#pending.set(id, {
        resolve: (audio) => settle(() => resolve(audio)),
        reject: (error) => settle(() => reject(error)),
      });
      const request: FliteRequest = { id, text: cleaned, voice: this.#voice };
      worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    this.#failAll(new SpeechSynthesisError('flite closed'));
    await this.#stopWorker();
  }

  #ensureWorker(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./flite-worker.ts', import.meta.url));
    worker.unref();
    worker.on('message', (message: FliteResponse | { ready: true }) => {
      if ('ready' in message) return;
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      if ('error' in message) pending.reject(new SpeechSynthesisError(message.error));
      else pending.resolve({ samples: message.samples, sampleRate: message.sampleRate });
    });
    worker.on('error', (error) => {
      this.#failAll(new SpeechSynthesisError('flite worker failed', { cause: error }));
    });
    worker.on('exit', () => {
      if (this.#worker === worker) this.#worker = null;
      this.#failAll(new SpeechSynthesisError('flite worker stopped'));
    });
    this.#worker = worker;
    return worker;
  }

  async #stopWorker(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    if (worker) await worker.terminate();
  }

  #failAll(error: Error): void {
    for (const pending of [...this.#pending.values()]) pending.reject(error);
  }
}

/**
 * Flite reads its text as a command-line argument: control characters go, a leading dash cannot
 * be taken for an option, and symbols it would spell out letter by letter are dropped.
 */
function cleanForFlite(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/[*_#`~<>[\]{}|\\^]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^-+/, '')
    .slice(0, TTS_MAX_TEXT_LENGTH);
}
