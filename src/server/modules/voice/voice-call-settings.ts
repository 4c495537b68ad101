import type { TurnDetectorSettings } from './turn-detector.ts';

export interface VoiceCallSettings extends TurnDetectorSettings {
  outputSampleRate: number;
  playbackLeadMs: number;
  outputChunkMs: number;
  /** Input-level events at most this often (SPEC §9: 100 ms). */
  volumeIntervalMs: number;
}

export const DEFAULT_VOICE_CALL_SETTINGS: VoiceCallSettings = {
  turnEndSilenceMs: 500,
  shortPauseMs: 120,
  unfinishedTurnEndSilenceMs: 900,
  minSpeechMs: 90,
  preRollMs: 300,
  maxTurnMs: 30_000,
  speechThreshold: 0.5,
  silenceThreshold: 0.35,
  outputSampleRate: 16_000,
  playbackLeadMs: 300,
  outputChunkMs: 40,
  volumeIntervalMs: 100,
  maxQueuedFrames: 100,
  maxGain: 8,
};

/** Per-stage timings of one turn (DESIGN §8), in ms; null when the stage did not happen. */
export interface TurnTimings {
  /** From the caller's last speech frame to the decision that the turn ended. */
  endOfTurnMs: number;
  sttMs: number | null;
  /** From the transcript to the assistant's first text. */
  firstTokenMs: number | null;
  /** How long the first sentence took to synthesize. */
  firstSynthesisMs: number | null;
  /** From the end of the turn to the first reply audio sent. */
  firstAudioMs: number | null;
  /** From the end of the turn to the reply fully spoken, or cut off. */
  totalMs: number;
  outcome: 'replied' | 'interrupted' | 'nothing-heard' | 'unsure' | 'failed';
}
