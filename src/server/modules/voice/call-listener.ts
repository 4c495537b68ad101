import { concatPcm16 } from '../../providers/audio/pcm.ts';
import { VAD_SAMPLE_RATE, type VoiceActivityDetector } from '../../providers/vad/vad.ts';
import type { RecognitionResult, SpeechToText, StreamingRecognition } from '../../providers/stt/stt.ts';
import { TurnDetector, type TurnDetectorSettings } from './turn-detector.ts';

/** A turn the caller finished: its audio, and its words if they are already being worked out. */
export interface HeardTurn {
  /** Aborting it stops the work on the words (the reply to this turn was interrupted). */
  controller: AbortController;
  /** The turn's audio, after the audio of a turn cut off before it (the caller was still talking). */
  audio: Int16Array;
  /** Decoded live, or recognised at the caller's last pause; null when the audio is to be transcribed now. */
  words: Promise<RecognitionResult> | null;
}

export interface CallListenerOptions {
  detector: VoiceActivityDetector;
  stt: SpeechToText;
  settings: TurnDetectorSettings;
  now: () => number;
  /** The caller started talking: a reply in progress stops (barge-in). */
  onSpeechStart(): void;
  onTurn(turn: HeardTurn, endOfTurnMs: number): void;
  onFailure(error: unknown): void;
}

/** The words up to a pause, being recognised; `controller` aborts the work. */
interface EarlyWords {
  pauseId: number;
  text: Promise<RecognitionResult>;
  controller: AbortController;
}

/**
 * The listening half of a call: the caller's audio through the turn detector into turns, and the
 * words of each turn worked out as early as the engine allows, so the reply can start sooner.
 */
export class CallListener {
  readonly #stt: SpeechToText;
  readonly #turnDetector: TurnDetector;
  #closed = false;
  /** Audio of a turn cut off before any reply was heard: the caller was still talking. */
  #carriedAudio: Int16Array | null = null;
  /** The live recognition of the turn being spoken, if the engine offers one. */
  #recognition: StreamingRecognition | null = null;
  /** The words up to the caller's current pause, being recognised (dropped if they go on). */
  #early: EarlyWords | null = null;

  constructor(options: CallListenerOptions) {
    this.#stt = options.stt;
    this.#turnDetector = new TurnDetector({
      detector: options.detector,
      settings: options.settings,
      now: options.now,
      events: {
        onSpeechStart: options.onSpeechStart,
        onTurnEnd: (audio, endOfTurnMs) => options.onTurn(this.#takeTurn(audio), endOfTurnMs),
        // A live decoder hears the turn as it is spoken. Otherwise the words are recognised at the
        // caller's short pauses (semantic end of turn): cutting a live decoder's turn at pauses
        // loses the language model's context across them, and pocketsphinx then guesses.
        ...(options.stt.startRecognition
          ? { onTurnAudio: (frame: Int16Array, first: boolean) => this.#hear(frame, first) }
          : { onPause: (audio: Int16Array, pauseId: number) => this.#recogniseEarly(audio, pauseId), onResume: () => this.#resumed() }),
        onFailure: options.onFailure,
      },
    });
  }

  /** 16 kHz mono PCM16 from the caller, in any frame size. */
  push(samples: Int16Array): void {
    this.#turnDetector.push(samples);
  }

  /** Drops the turn being spoken and the work on its words (muted, or a key pressed). */
  reset(): void {
    this.#dropRecognition();
    this.#turnDetector.reset();
  }

  /** Nothing of the reply to this audio was heard: the caller was still talking, so it starts the next turn. */
  carry(audio: Int16Array | null): void {
    this.#carriedAudio = audio;
  }

  close(): void {
    this.#closed = true;
    this.#carriedAudio = null;
    this.#dropRecognition();
    this.#turnDetector.close();
  }

  #takeTurn(turnAudio: Int16Array): HeardTurn {
    const audio = this.#carriedAudio ? concatPcm16([this.#carriedAudio, turnAudio]) : turnAudio;
    this.#carriedAudio = null;
    const early = this.#early;
    this.#early = null;
    const recognition = this.#recognition;
    this.#recognition = null;
    const controller = new AbortController();
    const words = early?.text ?? (recognition ? settled(recognition.finish(controller.signal)) : null);
    if (early) controller.signal.addEventListener('abort', () => early.controller.abort(), { once: true });
    return { controller, audio, words };
  }

  /** A frame of the turn being spoken, for an engine that decodes live. */
  #hear(frame: Int16Array, first: boolean): void {
    if (first) {
      this.#dropRecognition();
      this.#recognition = this.#stt.startRecognition?.() ?? null;
      // The words of a turn cut off before its reply was heard are part of this one.
      if (this.#carriedAudio) this.#recognition?.push(this.#carriedAudio);
    }
    this.#recognition?.push(frame);
  }

  #dropRecognition(): void {
    this.#recognition?.cancel();
    this.#recognition = null;
    this.#early?.controller.abort();
    this.#early = null;
  }

  /**
   * Semantic end of turn (engines without live decoding): at a short pause the turn so far is
   * recognised. A finished sentence ends the turn at once; an unfinished one ("I need a place
   * to…") waits longer. If the caller goes on, the early words are dropped.
   */
  #recogniseEarly(audio: Int16Array, pauseId: number): void {
    const controller = new AbortController();
    const samples = this.#carriedAudio ? concatPcm16([this.#carriedAudio, audio]) : audio;
    const text = settled(this.#stt.transcribe({ samples, sampleRate: VAD_SAMPLE_RATE }, controller.signal).then(withoutConfidence));
    this.#early = { pauseId, text, controller };
    void text.then(
      (result) => {
        if (this.#early?.pauseId !== pauseId || this.#closed) return;
        if (soundsFinished(result.text)) this.#turnDetector.endTurnNow(pauseId);
        else this.#turnDetector.waitLonger(pauseId);
      },
      () => {
        // The turn's end transcribes again and reports a real failure there.
        if (this.#early?.pauseId === pauseId) this.#early = null;
      },
    );
  }

  #resumed(): void {
    this.#early?.controller.abort();
    this.#early = null;
  }
}

/** Words that leave a sentence open: a pause after one of them is the caller thinking, not done. */
const OPEN_ENDINGS = new Set(
  'a an the and or but so because cause if when while that which who to for of in on at from with about my your his her their our i im i\'m we you they it is am are was were be been need want have has had get got can could would will should um uh er like just some any this these those where what how very really more'.split(
    ' ',
  ),
);

/** True when the words heard so far read as a finished turn (semantic end of turn). */
export function soundsFinished(words: string): boolean {
  const last = words.trim().toLowerCase().split(/\s+/).at(-1) ?? '';
  return last !== '' && !OPEN_ENDINGS.has(last.replace(/[^a-z']/g, ''));
}

/** The same promise, marked handled: a result nobody waits for any more is not an unhandled rejection. */
function settled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

export function withoutConfidence(text: string): RecognitionResult {
  return { text, wordConfidences: null };
}

/** A word below this posterior is a guess. */
const UNSURE_WORD = 0.35;

/**
 * The recogniser guessed: two or more words it is unsure of, making up a fifth of what it heard or
 * more. One unsure word is common in right answers ("food" at 0.08 in "where can I get food"), so it
 * alone does not count.
 */
export function soundsUnsure(result: RecognitionResult): boolean {
  const confidences = result.wordConfidences;
  if (!confidences || confidences.length === 0) return false;
  const unsure = confidences.filter((confidence) => confidence < UNSURE_WORD).length;
  return unsure >= 2 && unsure / confidences.length >= 0.2;
}
