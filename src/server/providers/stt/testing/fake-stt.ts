import type { PcmAudio } from '../../audio/pcm.ts';
import { SpeechRecognitionError, type RecognitionResult, type SpeechToText, type StreamingRecognition } from '../stt.ts';

export type FakeTranscript = string | Error | { text: string; delayMs?: number; wordConfidences?: number[] };

/**
 * Scriptable STT for tests and benchmarks: each turn takes the next scripted result (a text, an
 * error to throw, or a text after a delay); when the script is empty it answers `fallback`.
 */
export class FakeStt implements SpeechToText {
  readonly name = 'fake';
  readonly script: FakeTranscript[];
  fallback: string;
  /** Length in ms of every turn heard, in order. */
  readonly heardMs: number[] = [];

  /** Live recognitions started and not yet finished or cancelled (streaming fakes only). */
  openRecognitions = 0;

  constructor(script: FakeTranscript[] = [], fallback = 'hello', options: { streaming?: boolean } = {}) {
    this.script = [...script];
    this.fallback = fallback;
    // Like an engine that decodes live: the turn's audio arrives frame by frame before it ends.
    if (options.streaming) this.startRecognition = () => this.#startRecognition();
  }

  startRecognition?: () => StreamingRecognition;

  #startRecognition(): StreamingRecognition {
    const chunks: Int16Array[] = [];
    let open = true;
    this.openRecognitions += 1;
    const close = () => {
      if (open) this.openRecognitions -= 1;
      open = false;
    };
    return {
      push: (samples) => chunks.push(samples),
      finish: (signal) => {
        close();
        const samples = Int16Array.from(chunks.flatMap((chunk) => Array.from(chunk)));
        return this.#recognise({ samples, sampleRate: 16_000 }, signal);
      },
      cancel: close,
    };
  }

  async transcribe(audio: PcmAudio, signal: AbortSignal): Promise<string> {
    return (await this.#recognise(audio, signal)).text;
  }

  async #recognise(audio: PcmAudio, signal: AbortSignal): Promise<RecognitionResult> {
    if (signal.aborted) throw new SpeechRecognitionError('aborted');
    this.heardMs.push((audio.samples.length / audio.sampleRate) * 1000);
    const next = this.script.shift() ?? this.fallback;
    if (next instanceof Error) throw next;
    if (typeof next === 'string') return { text: next, wordConfidences: null };
    const delayMs = next.delayMs ?? 0;
    if (delayMs > 0) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, delayMs);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new SpeechRecognitionError('aborted'));
        });
      });
    }
    return { text: next.text, wordConfidences: next.wordConfidences ?? null };
  }

  async close(): Promise<void> {}
}
