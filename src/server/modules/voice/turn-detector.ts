import { concatPcm16, floatFromPcm16 } from '../../providers/audio/pcm.ts';
import { VAD_SAMPLE_RATE, type VoiceActivityDetector } from '../../providers/vad/vad.ts';

export interface TurnDetectorSettings {
  /** Silence after speech that ends the caller's turn (VOICE_TURN_END_SILENCE_MS). */
  turnEndSilenceMs: number;
  /**
   * A pause this long is reported (`onPause`) so the words so far can be looked at: a finished
   * sentence may end the turn at once (`endTurnNow`), an unfinished one waits longer
   * (`waitLonger`). 0 turns this off.
   */
  shortPauseMs: number;
  /** The turn end after a pause mid-sentence (`waitLonger`). */
  unfinishedTurnEndSilenceMs: number;
  /** Speech must last this long to start a turn or interrupt a reply (coughs and clicks do not). */
  minSpeechMs: number;
  /** Audio kept from before speech was detected, so the first syllable is not cut. */
  preRollMs: number;
  /** A turn longer than this is ended even while the caller still talks. */
  maxTurnMs: number;
  /** Speech probability at or above which a frame is speech… */
  speechThreshold: number;
  /** …and below which it is silence (in between keeps the previous state). */
  silenceThreshold: number;
  /** Frames waiting for the detector beyond this are dropped (the detector is falling behind). */
  maxQueuedFrames: number;
  /** Quiet callers are boosted up to this gain before detection and recognition (1 = off). */
  maxGain: number;
}

export interface TurnDetectorEvents {
  /** Speech started (long enough to count): a reply in progress should stop (barge-in). */
  onSpeechStart(): void;
  /** The caller's turn is over. `audio` includes the pre-roll; `endOfTurnMs` is the decision's delay. */
  onTurnEnd(audio: Int16Array, endOfTurnMs: number): void;
  /** Each frame of the turn as it is heard, for recognisers that decode while the caller speaks. */
  onTurnAudio?(frame: Int16Array, first: boolean): void;
  /** The caller paused for `shortPauseMs`; `pauseId` names this pause for `endTurnNow` and `waitLonger`. */
  onPause?(audio: Int16Array, pauseId: number): void;
  /** The caller spoke again after a reported pause: what was worked out for it is stale. */
  onResume?(): void;
  /** The detector failed (reported once per call). */
  onFailure?(error: unknown): void;
}

/** The level gain normalisation lifts quiet speech to (RMS, 0..1): a normal close-talk voice. */
const TARGET_SPEECH_RMS = 0.08;
/** Frames quieter than this are line noise and never set the gain. */
const NOISE_FLOOR_RMS = 0.002;

/**
 * Turn-taking for one call (DESIGN §8), with no knowledge of what is said or answered: 16 kHz PCM
 * in, "speech started" and "turn ended" out. Frames go to the voice activity detector one at a
 * time and in order; probabilities with hysteresis and run lengths decide when speech starts
 * (which interrupts a reply) and when a pause ends the turn.
 */
export class TurnDetector {
  readonly #detector: VoiceActivityDetector;
  readonly #settings: TurnDetectorSettings;
  readonly #events: TurnDetectorEvents;
  readonly #now: () => number;
  readonly #frameMs: number;

  #pendingInput: Int16Array = new Int16Array(0);
  #queuedFrames = 0;
  #detection: Promise<void> = Promise.resolve();
  #failed = false;
  #closed = false;
  /** Bumped on reset: frames queued before it are dropped when their probability arrives. */
  #generation = 0;

  #gain = 1;
  #userSpeaking = false;
  #speechRunMs = 0;
  #silenceRunMs = 0;
  #turnMs = 0;
  #lastSpeechAt = 0;
  #preRoll: Int16Array[] = [];
  #turnFrames: Int16Array[] = [];
  #pauseId = 0;
  #pauseReported = false;
  #turnEndMs: number;

  constructor(options: { detector: VoiceActivityDetector; settings: TurnDetectorSettings; events: TurnDetectorEvents; now?: () => number }) {
    this.#detector = options.detector;
    this.#settings = options.settings;
    this.#events = options.events;
    this.#now = options.now ?? (() => performance.now());
    this.#frameMs = (options.detector.frameSamples / VAD_SAMPLE_RATE) * 1000;
    this.#turnEndMs = options.settings.turnEndSilenceMs;
  }

  /** The turn's audio so far (pre-roll included); empty between turns. */
  currentTurnAudio(): Int16Array {
    return concatPcm16(this.#turnFrames);
  }

  /** Ends the turn now if the caller is still silent in the pause `pauseId` (a finished sentence). */
  endTurnNow(pauseId: number): void {
    if (this.#userSpeaking && this.#pauseReported && pauseId === this.#pauseId) this.#endTurn();
  }

  /** The words so far are mid-sentence: this pause needs the longer silence to end the turn. */
  waitLonger(pauseId: number): void {
    if (this.#userSpeaking && this.#pauseReported && pauseId === this.#pauseId) {
      this.#turnEndMs = Math.max(this.#settings.turnEndSilenceMs, this.#settings.unfinishedTurnEndSilenceMs);
    }
  }

  /** Resolves when every frame pushed so far has been through the detector (tests, benches). */
  idle(): Promise<void> {
    return this.#detection;
  }

  /** 16 kHz mono PCM16 from the caller, in any frame size. */
  push(samples: Int16Array): void {
    if (this.#closed || samples.length === 0) return;
    const frameSamples = this.#detector.frameSamples;
    let input = this.#pendingInput.length > 0 ? concatPcm16([this.#pendingInput, samples]) : samples;
    while (input.length >= frameSamples) {
      const frame = input.slice(0, frameSamples);
      input = input.subarray(frameSamples);
      if (this.#queuedFrames >= this.#settings.maxQueuedFrames) continue;
      this.#queuedFrames += 1;
      const generation = this.#generation;
      this.#detection = this.#detection.then(() => this.#detect(frame, generation));
    }
    this.#pendingInput = input.slice();
  }

  /** Forgets any turn in progress and the detector's state (mute, end of call). */
  reset(): void {
    this.#generation += 1;
    this.#pauseReported = false;
    this.#turnEndMs = this.#settings.turnEndSilenceMs;
    this.#userSpeaking = false;
    this.#speechRunMs = 0;
    this.#silenceRunMs = 0;
    this.#turnMs = 0;
    this.#preRoll = [];
    this.#turnFrames = [];
    this.#pendingInput = new Int16Array(0);
    this.#detector.reset();
  }

  close(): void {
    this.reset();
    this.#closed = true;
  }

  /**
   * Slow automatic gain: quiet callers (a phone held away, a weak line) are lifted toward a normal
   * level so the detector and recogniser hear them; loud ones are never turned down (the detector
   * copes, and clipping is worse than loudness). The gain moves only on frames above the noise
   * floor, so silence does not pump it up.
   */
  #normalise(frame: Int16Array): Int16Array {
    const maxGain = this.#settings.maxGain;
    if (maxGain <= 1) return frame;
    let sum = 0;
    for (let index = 0; index < frame.length; index++) sum += ((frame[index] ?? 0) / 32768) ** 2;
    const rms = Math.sqrt(sum / Math.max(1, frame.length));
    if (rms > NOISE_FLOOR_RMS) {
      const wanted = Math.min(maxGain, Math.max(1, TARGET_SPEECH_RMS / rms));
      // Fast down (a loud syllable must not clip), slow up (one quiet frame is not a quiet caller).
      this.#gain = wanted < this.#gain ? wanted : this.#gain + (wanted - this.#gain) * 0.05;
    }
    if (this.#gain <= 1.01) return frame;
    const gained = new Int16Array(frame.length);
    for (let index = 0; index < frame.length; index++) gained[index] = Math.max(-32768, Math.min(32767, Math.round((frame[index] ?? 0) * this.#gain)));
    return gained;
  }

  async #detect(rawFrame: Int16Array, generation: number): Promise<void> {
    const frame = this.#normalise(rawFrame);
    let probability: number;
    try {
      probability = await this.#detector.speechProbability(floatFromPcm16(frame));
    } catch (error) {
      // Reported once: a broken model would otherwise report 30 times a second.
      if (!this.#failed) this.#events.onFailure?.(error);
      this.#failed = true;
      return;
    } finally {
      this.#queuedFrames -= 1;
    }
    if (this.#closed || generation !== this.#generation) return;
    const settings = this.#settings;
    const isSpeech = probability >= settings.speechThreshold;
    const isSilence = probability < settings.silenceThreshold;

    if (!this.#userSpeaking) {
      this.#preRoll.push(frame);
      if (this.#preRoll.length * this.#frameMs > settings.preRollMs) this.#preRoll.shift();
      if (isSpeech) this.#speechRunMs += this.#frameMs;
      else if (isSilence) this.#speechRunMs = 0;
      if (this.#speechRunMs >= settings.minSpeechMs) {
        this.#userSpeaking = true;
        this.#turnFrames = this.#preRoll;
        this.#preRoll = [];
        this.#silenceRunMs = 0;
        this.#turnMs = this.#turnFrames.length * this.#frameMs;
        this.#lastSpeechAt = this.#now();
        this.#events.onSpeechStart();
        if (this.#events.onTurnAudio) {
          this.#turnFrames.forEach((preRollFrame, index) => this.#events.onTurnAudio?.(preRollFrame, index === 0));
        }
      }
      return;
    }

    this.#turnFrames.push(frame);
    this.#events.onTurnAudio?.(frame, false);
    this.#turnMs += this.#frameMs;
    if (isSpeech) {
      this.#silenceRunMs = 0;
      this.#lastSpeechAt = this.#now();
      this.#turnEndMs = settings.turnEndSilenceMs;
      if (this.#pauseReported) {
        this.#pauseReported = false;
        this.#events.onResume?.();
      }
    } else if (isSilence) {
      this.#silenceRunMs += this.#frameMs;
    }
    if (this.#silenceRunMs >= this.#turnEndMs || this.#turnMs >= settings.maxTurnMs) return this.#endTurn();
    if (settings.shortPauseMs > 0 && !this.#pauseReported && this.#silenceRunMs >= settings.shortPauseMs && this.#events.onPause) {
      this.#pauseReported = true;
      this.#pauseId += 1;
      this.#events.onPause(concatPcm16(this.#turnFrames), this.#pauseId);
    }
  }

  #endTurn(): void {
    const endOfTurnMs = this.#now() - this.#lastSpeechAt;
    const audio = concatPcm16(this.#turnFrames);
    this.#userSpeaking = false;
    this.#speechRunMs = 0;
    this.#silenceRunMs = 0;
    this.#turnMs = 0;
    this.#turnFrames = [];
    this.#pauseReported = false;
    this.#turnEndMs = this.#settings.turnEndSilenceMs;
    this.#events.onTurnEnd(audio, endOfTurnMs);
  }
}
