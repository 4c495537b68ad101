import type { SiteLocale } from '../../../shared/site-locales.ts';
import type { Assistant, AssistantTurn } from '../../assistant/assistant.ts';
import type { VoiceCallEndReason, VoiceErrorCode, VoiceServerMessage } from '../../../shared/voice-protocol.ts';
import { rootMeanSquare } from '../../providers/audio/pcm.ts';
import { answeredReply } from '../../assistant/answered-reply.ts';
import { CHAT_ERROR_TEXT } from '../../../shared/chat-limits.ts';
import { VAD_SAMPLE_RATE, type VoiceActivityDetector } from '../../providers/vad/vad.ts';
import type { RecognitionResult, SpeechToText } from '../../providers/stt/stt.ts';
import type { TextToSpeech } from '../../providers/tts/tts.ts';
import { ReplySpeaker, type ReplyShaper } from './reply-speaker.ts';
import type { TurnTimings, VoiceCallSettings } from './voice-call-settings.ts';
import { CallListener, soundsUnsure, withoutConfidence, type HeardTurn } from './call-listener.ts';
import type { CallChannel } from './call-channel.ts';

/** Said when the recogniser is unsure of what it heard, instead of answering a guess. */
export const VOICE_NOT_CAUGHT = "Sorry, I didn't catch all of that. Could you say it again?";

/** SPEC §8: the apology for a processing error, spoken and shown; the same words as chat's. */
export const VOICE_APOLOGY = CHAT_ERROR_TEXT;

export interface VoiceCallTransport {
  send(message: VoiceServerMessage): void;
  sendAudio(samples: Int16Array): void;
  /** Closes the connection after `call-end` was sent. */
  end(reason: VoiceCallEndReason): void;
}

export interface VoiceCallDependencies {
  detector: VoiceActivityDetector;
  stt: SpeechToText;
  tts: TextToSpeech;
  assistant: Assistant;
  transport: VoiceCallTransport;
  settings: VoiceCallSettings;
  username: string | null;
  /** The page's language, when the voice speaks it (VoiceService.callLocale). */
  locale?: SiteLocale;
  channel?: CallChannel;
  /** Monotonic milliseconds (performance.now). */
  now?: () => number;
  onTurnTimings?: (timings: TurnTimings) => void;
  /** Unexpected failures inside the call (never with what was said). */
  onFailure?: (stage: string, error: unknown) => void;
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
  readonly #listener: CallListener;
  readonly #history: AssistantTurn[] = [];
  #previousChatId: string | null = null;

  #ended = false;
  #muted = false;
  #lastVolumeAt = Number.NEGATIVE_INFINITY;

  #turn: ActiveTurn | null = null;
  /** Words of turns cut off before any reply was heard: the caller was still talking. */
  #carriedText = '';
  #turns = 0;

  constructor(deps: VoiceCallDependencies) {
    this.#deps = deps;
    this.#settings = deps.settings;
    this.#now = deps.now ?? (() => performance.now());
    this.#listener = new CallListener({
      detector: deps.detector,
      stt: deps.stt,
      settings: deps.settings,
      now: this.#now,
      onSpeechStart: () => this.#interruptReply(),
      onTurn: (turn, endOfTurnMs) => this.#endTurn(turn, endOfTurnMs),
      onFailure: (error) => this.#deps.onFailure?.('vad', error),
    });
  }

  /** Turns the caller took (each ended by a pause), for the call's log line. */
  get turns(): number {
    return this.#turns;
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
    this.#listener.push(samples);
  }

  /** While muted nothing the caller sends is heard, measured or kept; a turn in progress is dropped. */
  setMuted(muted: boolean): void {
    if (this.#ended || this.#muted === muted) return;
    this.#muted = muted;
    if (muted) {
      this.#listener.reset();
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
    this.#listener.reset();
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
    this.#listener.close();
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
      else this.#listener.carry(turn.audio);
    }
    this.#deps.transport.send({ type: 'status', status: 'listening' });
  }

  #endTurn(heard: HeardTurn, endOfTurnMs: number): void {
    const endedAt = this.#now();
    const turn: ActiveTurn = { controller: heard.controller, userText: null, audio: heard.audio, words: heard.words, speaker: null, fromCaller: true };
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
    const reply = answeredReply(
      assistant.reply({ history: [...this.#history], userText, previousChatId: this.#previousChatId, signal, channel: 'voice', username: this.#deps.username, locale: this.#deps.locale ?? null }),
      {
        signal,
        onUnanswered: (error) => {
          // The assistant promises to turn provider failures into events; a throw is a bug.
          if (error !== null) this.#deps.onFailure?.('assistant', error);
          failed = true;
        },
      },
    );
    for await (const event of reply) {
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
