import type { VadProvider, VoiceActivityDetector } from '../vad.ts';

/**
 * A detector for tests and benchmarks that calls a frame speech when it is loud: tests script
 * turns by sending tone (speech) and zeros (silence). `probabilities` can override frame by frame.
 */
export class FakeVad implements VadProvider {
  readonly name = 'fake';
  readonly frameSamples: number;
  /** RMS (0..1) at or above which a frame counts as speech. */
  readonly threshold: number;
  /** When set, the next detector creation fails with this error. */
  failNextCreate: Error | null = null;

  constructor(options: { frameSamples?: number; threshold?: number } = {}) {
    this.frameSamples = options.frameSamples ?? 320;
    this.threshold = options.threshold ?? 0.02;
  }

  async createDetector(): Promise<VoiceActivityDetector> {
    if (this.failNextCreate) {
      const error = this.failNextCreate;
      this.failNextCreate = null;
      throw error;
    }
    const { frameSamples, threshold } = this;
    return {
      frameSamples,
      async speechProbability(frame: Float32Array) {
        let sum = 0;
        for (const value of frame) sum += value * value;
        return Math.sqrt(sum / Math.max(1, frame.length)) >= threshold ? 0.95 : 0.02;
      },
      reset() {},
    };
  }

  async close(): Promise<void> {}
}
