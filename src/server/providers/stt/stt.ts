import type { PcmAudio } from '../audio/pcm.ts';

/**
 * Speech to text (DESIGN §8): one finished turn of the caller's speech in, its words out. The
 * audio is handed over in memory and is never written anywhere.
 */
export interface SpeechToText {
  readonly name: string;
  /** The words heard, trimmed; '' when nothing intelligible was said. */
  transcribe(audio: PcmAudio, signal: AbortSignal): Promise<string>;
  close(): Promise<void>;
}

export class SpeechRecognitionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SpeechRecognitionError';
  }
}

/** Longest wait for one turn's transcript. */
export const STT_TIMEOUT_MS = 20_000;
