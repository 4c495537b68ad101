import type { Assistant, AssistantTurn } from '../../assistant/assistant.ts';
import type { VoiceCallEndReason, VoiceErrorCode, VoiceServerMessage } from '../../../shared/voice-protocol.ts';
import type { CrisisLevel } from '../../assistant/assistant.ts';
import { concatPcm16, rootMeanSquare } from '../../providers/audio/pcm.ts';
import { VAD_SAMPLE_RATE, type VoiceActivityDetector } from '../../providers/vad/vad.ts';
import type { RecognitionResult, SpeechToText, StreamingRecognition } from '../../providers/stt/stt.ts';
import type { TextToSpeech } from '../../providers/tts/tts.ts';
import { ReplySpeaker, type ReplyShaper } from './reply-speaker.ts';
import { TurnDetector, type TurnDetectorSettings } from './turn-detector.ts';

/** Said when the recogniser is unsure of what it heard, instead of answering a guess. */
export const VOICE_NOT_CAUGHT = "Sorry, I didn't catch all of that. Could you say it again?";

/** SPEC §8: the apology for a processing error, spoken and shown. */
export const VOICE_APOLOGY = 'I apologize, but I encountered an error. Please try again.';

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

export interface VoiceCallTransport {
  send(message: VoiceServerMessage): void;
  sendAudio(samples: Int16Array): void;
  /** Closes the connection after `call-end` was sent. */
  end(reason: VoiceCallEndReason): void;
}

/**
 * What differs between the ways a caller reaches Ellis. The browser uses none of it; the phone
 * line shapes replies for the ear, says 911 in immediate danger, and hands off to a person.
 */
export interface CallChannel {
  /** A fresh shaper for each reply (it may keep state across the reply's sentences). */
  replyShaper?(): ReplyShaper;
  /** The safety layer raised a crisis in this turn; what it returns is said before the reply. */
  onCrisis?(level: CrisisLevel): string | null;
  /**
   * Offered each transcript before the assistant: a channel may answer it itself ("say that
   * again", "a person, please"); `endCall` ends the call once the words have been heard.
   */
  answerTurn?(userText: string): ChannelAnswer | null;
}

export interface ChannelAnswer {
  say: string;
  endCall: boolean;
}

export interface VoiceCallDependencies {
  detector: VoiceActivityDetector;
  stt: SpeechToText;
  tts: TextToSpeech;
  assistant: Assistant;
  transport: VoiceCallTransport;
  settings: VoiceCallSettings;
  username: string | null;
  channel?: CallChannel;
  /** Monotonic milliseconds (performance.now). */
  now?: () => number;
  onTurnTimings?: (timings: TurnTimings) => void;
  /** Unexpected failures inside the call (never with what was said). */
  onFailure?: (stage: string, error: unknown) => void;
}

/** The words up to a pause, being recognised; `controller` aborts the work. */
interface EarlyWords {
  pauseId: number;
  text: Promise<RecognitionResult>;
  controller: AbortController;
}

interface ActiveTurn {
  controller: AbortController;
  /** Set once the words are known. */
  userText: string | null;
  /** The turn's audio, kept until the words are known (joined to the next turn if interrupted). */
  audio: Int16Array | null;
  /**
   * The words, already being worked out (decoded live, or recognised at the caller's last pause);
   * null when the turn's audio is to be transcribed now.
   */
  words: Promise<RecognitionResult> | null;
  speaker: ReplySpeaker | null;
  /** False for the greeting and the channel's own words, which answer no one. */
  fromCaller: boolean;
}

/**
 * One live call, transport-agnostic (the browser's WebSocket, the phone line): the caller's audio
 * goes through the turn detector into turns; each turn goes STT → assistant → sentence-by-sentence
 * TTS → audio back. Speech during a reply interrupts it; only what was heard stays in the history.
 */
export class VoiceCall {
  readonly #deps: VoiceCallDependencies;
  readonly #settings: VoiceCallSettings;
  readonly #now: () => number;
  readonly #turnDetector: TurnDetector;
  readonly #history: AssistantTurn[] = [];
  #previousChatId: string | null = null;

  #ended = false;
  #muted = false;
  #lastVolumeAt = Number.NEGATIVE_INFINITY;

  #turn: ActiveTurn | null = null;
  /** Words of turns cut off before any reply was heard: the caller was still talking. */
  #carriedText = '';
  #carriedAudio: Int16Array | null = null;
  #turns = 0;
  /** The live recognition of the turn being spoken, if the engine offers one. */
  #recognition: StreamingRecognition | null = null;
  /** The words up to the caller's current pause, being recognised (dropped if they go on). */
  #early: EarlyWords | null = null;

  constructor(deps: VoiceCallDependencies) {
    this.#deps = deps;
    this.#settings = deps.settings;
    this.#now = deps.now ?? (() => performance.now());
    this.#turnDetector = new TurnDetector({
      detector: deps.detector,
      settings: deps.settings,
      now: this.#now,
      events: {
        onSpeechStart: () => this.#interruptReply(),
        onTurnEnd: (audio, endOfTurnMs) => this.#endTurn(audio, endOfTurnMs),
        // A live decoder hears the turn as it is spoken. Otherwise the words are recognised at the
        // caller's short pauses (semantic end of turn): cutting a live decoder's turn at pauses
        // loses the language model's context across them, and pocketsphinx then guesses.
        ...(deps.stt.startRecognition
          ? { onTurnAudio: (frame: Int16Array, first: boolean) => this.#hear(frame, first) }
          : { onPause: (audio: Int16Array, pauseId: number) => this.#recogniseEarly(audio, pauseId), onResume: () => this.#resumed() }),
        onFailure: (error) => this.#deps.onFailure?.('vad', error),
      },
    });
  }

  /** Turns the caller took (each ended by a pause), for the call's log line. */
  get turns(): number {
    return this.#turns;
  }

  get ended(): boolean {
    return this.#ended;
  }

  /** The conversation so far (what was said and heard); for tests. */
  get history(): readonly AssistantTurn[] {
    return this.#history;
  }

  /** Announces the audio format, turns the page to connected, and speaks the greeting. */
  start(greeting: string): void {
    const { transport, settings } = this.#deps;
    transport.send({ type: 'audio-format', sampleRate: settings.outputSampleRate });
    transport.send({ type: 'status', status: 'listening' });
    void this.#speak(greeting, false);
  }

  /** 16 kHz mono PCM16 from the caller, in any frame size. */
  pushAudio(samples: Int16Array): void {
    if (this.#ended || this.#muted || samples.length === 0) return;
    const at = this.#now();
    if (at - this.#lastVolumeAt >= this.#settings.volumeIntervalMs) {
      this.#lastVolumeAt = at;
      // SPEC §9: the level is scaled by 1/0.15 and capped at 1.
      const level = Math.min(1, rootMeanSquare(samples) / 0.15);
      this.#deps.transport.send({ type: 'volume', level: Math.round(level * 1000) / 1000 });
    }
    this.#turnDetector.push(samples);
  }

  /** While muted nothing the caller sends is heard, measured or kept; a turn in progress is dropped. */
  setMuted(muted: boolean): void {
    if (this.#ended || this.#muted === muted) return;
    this.#muted = muted;
    if (muted) {
      this.#dropRecognition();
      this.#turnDetector.reset();
      this.#deps.transport.send({ type: 'volume', level: 0 });
    }
  }

  /**
   * Stops whatever is being said or worked on and says `text` instead (a key the caller pressed);
   * with `endCall` the call ends once it has been heard.
   */
  interject(text: string, options: { endCall: boolean }): Promise<void> {
    if (this.#ended) return Promise.resolve();
    this.#interruptReply();
    this.#dropRecognition();
    this.#turnDetector.reset();
    return this.#speak(text, options.endCall);
  }

  /** Ends the call: stops everything, sends `call-end`, and closes the transport. */
  end(reason: VoiceCallEndReason): void {
    if (this.#ended) return;
    this.dispose();
    this.#deps.transport.send({ type: 'call-end', reason });
    this.#deps.transport.end(reason);
  }

  /** Frees everything without a word (the connection is already gone). */
  dispose(): void {
    if (this.#ended) return;
    this.#ended = true;
    const turn = this.#turn;
    this.#turn = null;
    turn?.speaker?.stop();
    turn?.controller.abort();
    this.#carriedAudio = null;
    this.#dropRecognition();
    this.#turnDetector.close();
  }

  /** A frame of the turn being spoken, for an engine that decodes live. */
  #hear(frame: Int16Array, first: boolean): void {
    if (first) {
      this.#dropRecognition();
      this.#recognition = this.#deps.stt.startRecognition?.() ?? null;
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
    const text = settled(this.#deps.stt.transcribe({ samples, sampleRate: VAD_SAMPLE_RATE }, controller.signal).then(withoutConfidence));
    this.#early = { pauseId, text, controller };
    void text.then(
      (result) => {
        if (this.#early?.pauseId !== pauseId || this.#ended) return;
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

  /** The caller started talking: any reply in progress stops now (barge-in). */
  #interruptReply(): void {
    const turn = this.#turn;
    if (!turn) return;
    this.#turn = null;
    const heard = turn.speaker?.stop() ?? '';
    turn.controller.abort();
    if (heard !== '') {
      if (turn.fromCaller && turn.userText !== null) this.#history.push({ role: 'user', content: turn.userText });
      this.#history.push({ role: 'assistant', content: heard });
      this.#deps.transport.send({ type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: heard });
    } else if (turn.fromCaller) {
      // Nothing of the reply was heard: the caller was still talking, so this turn and the next are one.
      if (turn.userText !== null) this.#carriedText = turn.userText;
      else this.#carriedAudio = turn.audio;
    }
    this.#deps.transport.send({ type: 'status', status: 'listening' });
  }

  #endTurn(turnAudio: Int16Array, endOfTurnMs: number): void {
    const endedAt = this.#now();
    const audio = this.#carriedAudio ? concatPcm16([this.#carriedAudio, turnAudio]) : turnAudio;
    this.#carriedAudio = null;
    const early = this.#early;
    this.#early = null;
    const recognition = this.#recognition;
    this.#recognition = null;
    const controller = new AbortController();
    const words = early?.text ?? (recognition ? settled(recognition.finish(controller.signal)) : null);
    if (early) controller.signal.addEventListener('abort', () => early.controller.abort(), { once: true });
    const turn: ActiveTurn = { controller, userText: null, audio, words, speaker: null, fromCaller: true };
    this.#turn = turn;
    void this.#answer(turn, endedAt, endOfTurnMs);
  }

  async #answer(turn: ActiveTurn, endedAt: number, endOfTurnMs: number): Promise<void> {
    const { transport, stt, assistant } = this.#deps;
    const signal = turn.controller.signal;
    const timings: TurnTimings = {
      endOfTurnMs,
      sttMs: null,
      firstTokenMs: null,
      firstSynthesisMs: null,
      firstAudioMs: null,
      totalMs: 0,
      outcome: 'replied',
    };
    const report = (outcome: TurnTimings['outcome']) => {
      timings.outcome = outcome;
      timings.totalMs = this.#now() - endedAt;
      this.#turns += 1;
      this.#deps.onTurnTimings?.(timings);
    };
    transport.send({ type: 'status', status: 'thinking' });

    let heard: RecognitionResult;
    try {
      heard = turn.words
        ? await turn.words
        : withoutConfidence(await stt.transcribe({ samples: turn.audio ?? new Int16Array(0), sampleRate: VAD_SAMPLE_RATE }, signal));
    } catch (error) {
      if (signal.aborted) return report('interrupted');
      this.#deps.onFailure?.('stt', error);
      this.#sendError('speech_recognition_failed', 'Speech could not be recognised.');
      await this.#speakApology(turn);
      return report('failed');
    }
    timings.sttMs = this.#now() - endedAt;
    if (signal.aborted) return report('interrupted');
    turn.audio = null;
    const heardText = heard.text;
    if (heardText === '') {
      this.#finishTurn(turn);
      return report('nothing-heard');
    }
    if (soundsUnsure(heard)) {
      // A guess repeated back or answered is worse than asking: the caller says it again.
      transport.send({ type: 'transcript', role: 'user', transcriptType: 'final', transcript: heardText });
      report('unsure');
      await this.#speak(VOICE_NOT_CAUGHT, false);
      return;
    }
    const userText = this.#carriedText === '' ? heardText : `${this.#carriedText} ${heardText}`;
    this.#carriedText = '';
    turn.userText = userText;
    transport.send({ type: 'transcript', role: 'user', transcriptType: 'final', transcript: heardText });

    const channelAnswer = this.#deps.channel?.answerTurn?.(userText) ?? null;
    if (channelAnswer) {
      this.#history.push({ role: 'user', content: userText });
      this.#turn = null;
      report('replied');
      await this.#speak(channelAnswer.say, channelAnswer.endCall);
      return;
    }

    const transcribedAt = this.#now();
    const speaker = this.#newSpeaker(turn, endedAt, timings, this.#deps.channel?.replyShaper?.());
    let failed = false;
    try {
      for await (const event of assistant.reply({
        history: [...this.#history],
        userText,
        previousChatId: this.#previousChatId,
        signal,
        channel: 'voice',
        username: this.#deps.username,
      })) {
        if (signal.aborted) break;
        if (event.type === 'delta') {
          timings.firstTokenMs ??= this.#now() - transcribedAt;
          speaker.push(event.text);
          transport.send({ type: 'transcript', role: 'assistant', transcriptType: 'partial', transcript: speaker.text });
        } else if (event.type === 'crisis') {
          transport.send({ type: 'crisis', level: event.level, resources: event.resources });
          const preface = this.#deps.channel?.onCrisis?.(event.level) ?? null;
          if (preface) speaker.push(`${preface} `);
        } else if (event.type === 'chat-id') {
          this.#previousChatId = event.chatId;
        } else {
          this.#sendError('assistant_failed', event.message);
        }
      }
    } catch (error) {
      if (signal.aborted) return report('interrupted');
      // The assistant promises to turn provider failures into events; anything else is a bug.
      this.#deps.onFailure?.('assistant', error);
      this.#sendError('assistant_failed', VOICE_APOLOGY);
      if (speaker.text === '') speaker.push(VOICE_APOLOGY);
      failed = true;
    }
    if (signal.aborted) return report('interrupted');
    await speaker.finish();
    if (signal.aborted || this.#turn !== turn) return report('interrupted');
    this.#history.push({ role: 'user', content: userText });
    if (speaker.text !== '') {
      this.#history.push({ role: 'assistant', content: speaker.text });
      transport.send({ type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: speaker.text });
    }
    this.#finishTurn(turn);
    report(failed ? 'failed' : 'replied');
  }

  /**
   * Speaks a text that answers no turn (the greeting, the channel's own words), as an
   * interruptible reply; with `endCall` the call ends once it has been heard.
   */
  async #speak(text: string, endCall: boolean): Promise<void> {
    const turn: ActiveTurn = { controller: new AbortController(), userText: null, audio: null, words: null, speaker: null, fromCaller: false };
    this.#turn = turn;
    const speaker = this.#newSpeaker(turn, null, null);
    speaker.push(text);
    this.#deps.transport.send({ type: 'transcript', role: 'assistant', transcriptType: 'partial', transcript: text });
    await speaker.finish();
    if (turn.controller.signal.aborted || this.#turn !== turn) return;
    this.#history.push({ role: 'assistant', content: text });
    this.#deps.transport.send({ type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: text });
    if (endCall) this.end('assistant-ended-call');
    else this.#finishTurn(turn);
  }

  async #speakApology(turn: ActiveTurn): Promise<void> {
    if (this.#turn !== turn) return;
    const speaker = this.#newSpeaker(turn, null, null);
    speaker.push(VOICE_APOLOGY);
    await speaker.finish();
    if (turn.controller.signal.aborted || this.#turn !== turn) return;
    this.#deps.transport.send({ type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: VOICE_APOLOGY });
    this.#finishTurn(turn);
  }

  #newSpeaker(turn: ActiveTurn, endedAt: number | null, timings: TurnTimings | null, shaper?: ReplyShaper): ReplySpeaker {
    let synthesisFailed = false;
    const speaker = new ReplySpeaker({
      tts: this.#deps.tts,
      output: {
        send: (message) => {
          if (message.type === 'speech-start') this.#deps.transport.send({ type: 'status', status: 'speaking' });
          this.#deps.transport.send(message);
        },
        sendAudio: (samples) => this.#deps.transport.sendAudio(samples),
      },
      outputSampleRate: this.#settings.outputSampleRate,
      leadMs: this.#settings.playbackLeadMs,
      chunkMs: this.#settings.outputChunkMs,
      signal: turn.controller.signal,
      now: this.#now,
      ...(shaper ? { shaper } : {}),
      onFirstAudio: () => {
        if (timings && endedAt !== null) timings.firstAudioMs = this.#now() - endedAt;
      },
      onFirstSynthesis: (elapsedMs) => {
        if (timings) timings.firstSynthesisMs = elapsedMs;
      },
      onSynthesisError: (error) => {
        this.#deps.onFailure?.('tts', error);
        // Said once per reply: the text still reaches the page as a transcript.
        if (!synthesisFailed) this.#sendError('speech_synthesis_failed', 'The reply could not be spoken; it is shown instead.');
        synthesisFailed = true;
      },
    });
    turn.speaker = speaker;
    return speaker;
  }

  #finishTurn(turn: ActiveTurn): void {
    if (this.#turn !== turn) return;
    this.#turn = null;
    if (!this.#ended) this.#deps.transport.send({ type: 'status', status: 'listening' });
  }

  #sendError(code: VoiceErrorCode, message: string): void {
    if (!this.#ended) this.#deps.transport.send({ type: 'error', code, message });
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

function withoutConfidence(text: string): RecognitionResult {
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
