/**
 * The voice screen's level rules (SPEC §4 and §9): how loud the call is for the mic button, and
 * when Ellis counts as speaking. Pure, so the numbers are tested without audio.
 */
import { VOICE_VOLUME_THRESHOLDS } from '../../../shared/voice-protocol.ts';

/** A level this loud or louder fills the volume scale (SPEC §9: divide by 0.15, cap at 1). */
export const VOLUME_FULL_SCALE_LEVEL = 0.15;
/** Above this level the remote side counts as speaking (SPEC §9). */
export const SPEAKING_LEVEL = 0.01;
/** Speech ends after this much quiet (SPEC §9). */
export const SPEECH_END_DELAY_MS = 1_000;
/** How often the audio level is sampled (SPEC §9). */
export const LEVEL_OBSERVER_INTERVAL_MS = 100;

export type VolumeBand = 'silent' | 'low' | 'medium' | 'high';

export function volumeFromLevel(level: number): number {
  if (!Number.isFinite(level) || level <= 0) return 0;
  return Math.min(1, level / VOLUME_FULL_SCALE_LEVEL);
}

/** Above 0.7 high, above 0.3 medium, above 0.1 low, otherwise silent. */
export function volumeBand(volume: number): VolumeBand {
  if (volume > VOICE_VOLUME_THRESHOLDS.high) return 'high';
  if (volume > VOICE_VOLUME_THRESHOLDS.medium) return 'medium';
  if (volume > VOICE_VOLUME_THRESHOLDS.low) return 'low';
  return 'silent';
}

/**
 * Turns level samples into speaking / not speaking: one sample above 0.01 starts speech, and speech
 * ends only after a full second without one, so the pauses between words do not flicker.
 */
export class SpeakingDetector {
  #speaking = false;
  #lastLoudAtMs = Number.NEGATIVE_INFINITY;

  /** Feeds one sample taken at `nowMs`; returns whether the remote side is speaking now. */
  sample(level: number, nowMs: number): boolean {
    if (level > SPEAKING_LEVEL) {
      this.#lastLoudAtMs = nowMs;
      this.#speaking = true;
    } else if (this.#speaking && nowMs - this.#lastLoudAtMs >= SPEECH_END_DELAY_MS) {
      this.#speaking = false;
    }
    return this.#speaking;
  }

  reset(): void {
    this.#speaking = false;
    this.#lastLoudAtMs = Number.NEGATIVE_INFINITY;
  }
}
