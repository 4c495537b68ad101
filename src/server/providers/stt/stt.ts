import type { PcmAudio } from '../audio/pcm.ts';

/**
 * Speech to text (DESIGN §8): one finished turn of the caller's speech in, its words out. The
 * audio is handed over in memory and is never written anywhere.
 */
export interface SpeechToText {
  readonly name: string;
  /** The words heard, trimmed; '' when nothing intelligible was said. */
  transcribe(audio: PcmAudio, signal: AbortSignal): Promise<string>;
  /**
   * Engines that can decode while the caller is still speaking offer this: the pipeline feeds the
   * turn's audio as it comes, so the words are known soon after the caller stops.
   */
  startRecognition?(): StreamingRecognition;
  close(): Promise<void>;
}

export interface RecognitionResult {
  /** The words heard, trimmed; '' when nothing intelligible was said. */
  text: string;
  /** How sure the engine is of each word (0..1), when it says; null otherwise. */
  wordConfidences: number[] | null;
}

/** One turn being recognised while it is spoken. */
export interface StreamingRecognition {
  /** 16 kHz mono PCM16, in order. */
  push(samples: Int16Array): void;
  /** No more audio: the words heard. */
  finish(signal: AbortSignal): Promise<RecognitionResult>;
  /** The turn was dropped: frees the decoder. */
  cancel(): void;
}

export class SpeechRecognitionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SpeechRecognitionError';
  }
}

/** Longest wait for one turn's transcript. */
export const STT_TIMEOUT_MS = 20_000;
