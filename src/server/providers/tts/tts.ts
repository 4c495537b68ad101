import type { PcmAudio } from '../audio/pcm.ts';

/**
 * Text to speech (DESIGN §8). The voice pipeline calls it once per sentence while the assistant is
 * still writing, so the first sentence is heard before the reply is complete.
 */
export interface TextToSpeech {
  readonly name: string;
  /** True when it speaks any language it is given; false for an English-only voice (Flite). */
  readonly speaksEveryLanguage: boolean;
  /** Mono PCM16 speech for one sentence, at the adapter's own rate (the pipeline resamples). */
  synthesize(text: string, signal: AbortSignal): Promise<PcmAudio>;
  close(): Promise<void>;
}

export class SpeechSynthesisError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SpeechSynthesisError';
  }
}

/** Longest wait for one sentence's audio before the adapter gives up. */
export const TTS_TIMEOUT_MS = 15_000;
/** Longer text is cut (a sentence is never this long; a run-on reply is split before this). */
export const TTS_MAX_TEXT_LENGTH = 1_000;
