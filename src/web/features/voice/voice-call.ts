/**
 * One voice call with Ellis at a time (SPEC §4 "Voice call", DESIGN §5.3), kept outside React so it
 * is testable without a browser: idle → connecting (button pressed) → connected (the server's first
 * `listening`) → idle (call ended; volume back to 0). Any error returns to idle with a problem the
 * screen explains. A second start while one runs is refused. Ending closes everything: microphone
 * tracks, capture worklet, audio context and socket, and reports the end once.
 */
import { requestLocale } from '../../lib/request-locale.ts';
import {
  VOICE_FATAL_ERROR_CODES,
  VOICE_INPUT_ENCODING,
  VOICE_INPUT_SAMPLE_RATE,
  type VoiceCallEndReason,
  type VoiceClientMessage,
  type VoiceErrorCode,
  type VoiceRole,
  type VoiceServerMessage,
} from '../../../shared/voice-protocol.ts';
import { LEVEL_OBSERVER_INTERVAL_MS, SpeakingDetector, volumeFromLevel } from './audio-levels.ts';
import { MicrophoneError, type Microphone, type MicrophoneHandlers, type MicrophoneProblem } from './microphone.ts';
import type { CapturedFrame } from './pcm.ts';
import type { ReplyPlayer } from './pcm-player.ts';

export type CallStatus = 'idle' | 'connecting' | 'connected';

/** Why a call could not start or stopped early; the screen has a message and a way out for each. */
export type VoiceProblem =
  | MicrophoneProblem
  | 'connection-failed'
  | 'connection-lost'
  | 'speech-recognition-unavailable'
  | 'voice-unavailable'
  | 'busy'
  | 'call-failed';

export interface TranscriptLine {
  id: number;
  role: VoiceRole;
  content: string;
}

export interface VoiceCallState {
  status: CallStatus;
  muted: boolean;
  /** Ellis is speaking (SPEC §9: remote level above 0.01; ends after 1 s of quiet). */
  speaking: boolean;
  /** 0..1 for the mic button (SPEC §9: level / 0.15, capped at 1). */
  volume: number;
  /** Final transcript lines of the current (or last) call, oldest first. */
  lines: readonly TranscriptLine[];
  /** `atStart` when the call never connected: the screen then says "Failed to start call: …". */
  problem: { kind: VoiceProblem; atStart: boolean } | null;
  /** Ellis's safety layer fired: the screen shows the crisis lines (DESIGN §7.1). */
  crisis: boolean;
  /**
   * How the last call that reached the server ended, set once per call (SPEC §4: leaving gives
   * "customer-ended-call" once, even when the server confirms it afterwards); null while one runs.
   */
  endReason: VoiceCallEndReason | null;
}

export interface VoiceConnectionHandlers {
  onOpen(): void;
  onMessage(message: VoiceServerMessage): void;
  onAudio(pcm: ArrayBuffer): void;
  /** The socket closed, for any reason, including a failure to connect. */
  onClose(): void;
}

export interface VoiceConnection {
  send(data: VoiceClientMessage | ArrayBuffer): void;
  close(): void;
}

export interface VoiceCallDeps {
  /** Called synchronously inside the button's click, so the browser lets audio play. */
  createAudioContext(): AudioContext;
  openMicrophone(context: AudioContext, handlers: MicrophoneHandlers): Promise<Microphone>;
  createPlayer(context: AudioContext): ReplyPlayer;
  connect(handlers: VoiceConnectionHandlers): VoiceConnection;
  accessToken(): string | null;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  now(): number;
}

const IDLE_STATE: VoiceCallState = {
  status: 'idle',
  muted: false,
  speaking: false,
  volume: 0,
  lines: [],
  problem: null,
  crisis: false,
  endReason: null,
};

export function initialVoiceCallState(): VoiceCallState {
  return IDLE_STATE;
}

const PROBLEM_OF_ERROR: Partial<Record<VoiceErrorCode, VoiceProblem>> = {
  speech_recognition_unavailable: 'speech-recognition-unavailable',
  voice_unavailable: 'voice-unavailable',
  too_many_calls: 'busy',
};

interface ActiveCall {
  ended: boolean;
  opened: boolean;
  context: AudioContext;
  player: ReplyPlayer;
  microphone: Microphone | null;
  connection: VoiceConnection | null;
  observer: unknown;
  micLevel: number;
  /** A fatal `error` the server sent; the call ends with it when the `call-end` or close follows. */
  fatalProblem: VoiceProblem | null;
  detector: SpeakingDetector;
}

export class VoiceCall {
  readonly #deps: VoiceCallDeps;
  #state: VoiceCallState = IDLE_STATE;
  #call: ActiveCall | null = null;
  #listeners = new Set<() => void>();
  #nextLineId = 1;

  constructor(deps: VoiceCallDeps) {
    this.#deps = deps;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): VoiceCallState => this.#state;

  /** Starts a call; refused (returns false) while one is connecting or connected. */
  start(): boolean {
    if (this.#call) return false;
    const context = this.#deps.createAudioContext();
    const call: ActiveCall = {
      ended: false,
      opened: false,
      context,
      player: this.#deps.createPlayer(context),
      microphone: null,
      connection: null,
      observer: null,
      micLevel: 0,
      fatalProblem: null,
      detector: new SpeakingDetector(),
    };
    this.#call = call;
    this.#set({ ...IDLE_STATE, status: 'connecting', crisis: this.#state.crisis });
    void this.#connect(call);
    return true;
  }

  /** Ends the call the person is in (the End Call button, leaving the page). */
  stop(): void {
    const call = this.#call;
    if (call) this.#end(call, { reason: 'customer-ended-call', problem: null, notifyServer: true });
  }

  toggleMute(): void {
    const call = this.#call;
    if (!call || this.#state.status !== 'connected') return;
    const muted = !this.#state.muted;
    call.microphone?.setMuted(muted);
    call.connection?.send({ type: 'mute', muted });
    if (muted) call.micLevel = 0;
    this.#set({ muted });
  }

  async #connect(call: ActiveCall): Promise<void> {
    try {
      call.microphone = await this.#deps.openMicrophone(call.context, {
        onFrame: (frame) => this.#onFrame(call, frame),
        onLost: (problem) => this.#end(call, { reason: 'error', problem, notifyServer: true }),
      });
    } catch (error) {
      const problem = error instanceof MicrophoneError ? error.problem : 'unsupported';
      this.#end(call, { reason: 'error', problem, notifyServer: false });
      return;
    }
    // Stopped while the browser was asking for permission.
    if (call.ended) {
      call.microphone.close();
      return;
    }
    call.connection = this.#deps.connect({
      onOpen: () => {
        if (call.ended) return;
        call.opened = true;
        const token = this.#deps.accessToken();
        call.connection?.send({
          type: 'start',
          sampleRate: VOICE_INPUT_SAMPLE_RATE,
          encoding: VOICE_INPUT_ENCODING,
          ...(token ? { accessToken: token } : {}),
          ...requestLocale(),
        });
      },
      onMessage: (message) => this.#onMessage(call, message),
      onAudio: (pcm) => {
        if (!call.ended) call.player.play(pcm);
      },
      onClose: () => {
        if (call.ended) return;
        const problem = call.fatalProblem ?? (this.#state.status === 'connected' ? 'connection-lost' : 'connection-failed');
        this.#end(call, { reason: 'error', problem, notifyServer: false });
      },
    });
    call.observer = this.#deps.setInterval(() => this.#observe(call), LEVEL_OBSERVER_INTERVAL_MS);
  }

  #onFrame(call: ActiveCall, frame: CapturedFrame): void {
    if (call.ended || !call.opened || this.#state.muted) return;
    call.micLevel = frame.level;
    call.connection?.send(frame.pcm);
  }

  /** The audio-level observer (SPEC §4): every 100 ms, Ellis's level drives speaking; the louder side the button. */
  #observe(call: ActiveCall): void {
    if (call.ended) return;
    const remoteLevel = call.player.level();
    const speaking = call.detector.sample(remoteLevel, this.#deps.now());
    const volume = this.#state.status === 'connected' ? volumeFromLevel(Math.max(remoteLevel, call.micLevel)) : 0;
    if (speaking !== this.#state.speaking || volume !== this.#state.volume) this.#set({ speaking, volume });
  }

  #onMessage(call: ActiveCall, message: VoiceServerMessage): void {
    if (call.ended) return;
    switch (message.type) {
      case 'status':
        if (message.status === 'listening' && this.#state.status === 'connecting') this.#set({ status: 'connected' });
        return;
      case 'transcript':
        if (message.transcriptType === 'final' && message.transcript.trim()) {
          const line: TranscriptLine = { id: this.#nextLineId++, role: message.role, content: message.transcript.trim() };
          this.#set({ lines: [...this.#state.lines, line] });
        }
        return;
      case 'audio-format':
        call.player.setSampleRate(message.sampleRate);
        return;
      case 'speech-end':
        // The server paces reply audio a little ahead of playback, so when a reply is cut off
        // (the person started talking: barge-in) some is still queued here; it must go at once.
        // At a reply's natural end the server sends this once the audio has been heard.
        call.player.stop();
        return;
      case 'speech-start':
      case 'volume':
        // Speaking and volume come from the level observer, which measures the audio played here.
        return;
      case 'crisis':
        this.#set({ crisis: true });
        return;
      case 'error':
        if (VOICE_FATAL_ERROR_CODES.includes(message.code)) {
          call.fatalProblem = PROBLEM_OF_ERROR[message.code] ?? 'call-failed';
        }
        return;
      case 'call-end':
        this.#end(call, {
          reason: message.reason,
          problem: message.reason === 'error' ? (call.fatalProblem ?? 'call-failed') : null,
          notifyServer: false,
        });
        return;
    }
  }

  #end(call: ActiveCall, outcome: { reason: VoiceCallEndReason; problem: VoiceProblem | null; notifyServer: boolean }): void {
    if (call.ended) return;
    call.ended = true;
    const wasConnected = this.#state.status === 'connected';
    if (call.observer !== null) this.#deps.clearInterval(call.observer);
    call.microphone?.close();
    call.player.close();
    if (call.connection) {
      if (outcome.notifyServer && call.opened) call.connection.send({ type: 'stop' });
      call.connection.close();
    }
    if (call.context.state !== 'closed') void call.context.close();
    this.#call = null;
    this.#set({
      status: 'idle',
      muted: false,
      speaking: false,
      volume: 0,
      problem: outcome.problem ? { kind: outcome.problem, atStart: !wasConnected } : null,
      endReason: call.opened ? outcome.reason : null,
    });
  }

  #set(patch: Partial<VoiceCallState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const listener of this.#listeners) listener();
  }
}
