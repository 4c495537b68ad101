/**
 * Voice activity detection (DESIGN §8): tells, frame by frame, how likely a stretch of the caller's
 * 16 kHz audio is speech. The pipeline turns these probabilities into turns and barge-ins.
 */

export interface VoiceActivityDetector {
  /** Samples per frame at 16 kHz that `speechProbability` expects. */
  readonly frameSamples: number;
  /** Probability 0..1 that the frame is speech. Frames of one call go in order; the detector keeps state. */
  speechProbability(frame: Float32Array): Promise<number>;
  /** Forgets the state (after a mute, so old audio does not colour new audio). */
  reset(): void;
}

export interface VadProvider {
  readonly name: string;
  /** One detector per call; loads the model on first use. */
  createDetector(): Promise<VoiceActivityDetector>;
  /** Frees the model; detectors made before must not be used afterwards. */
  close(): Promise<void>;
}

/** The rate every detector works at: the rate the page sends (DESIGN §5.3). */
export const VAD_SAMPLE_RATE = 16_000;
