import { beforeEach, describe, expect, it } from 'vitest';
import type { VoiceClientMessage, VoiceServerMessage } from '../../../shared/voice-protocol.ts';
import { MicrophoneError, type Microphone, type MicrophoneHandlers } from './microphone.ts';
import type { ReplyPlayer } from './pcm-player.ts';
import { VoiceCall, type VoiceCallState, type VoiceConnectionHandlers } from './voice-call.ts';

/** A scripted world around one VoiceCall: microphone, player, socket and clock are all fakes. */
class Harness {
  nowMs = 0;
  intervals = new Map<number, () => void>();
  nextInterval = 1;
  contexts: Array<{ state: string; closed: number }> = [];
  micRequests: Array<{ resolve: (mic: Microphone) => void; reject: (error: unknown) => void; handlers: MicrophoneHandlers }> = [];
  mic = { muted: [] as boolean[], closed: 0 };
  player = { played: [] as number[], rates: [] as number[], stops: 0, closed: 0, level: 0 };
  handlers: VoiceConnectionHandlers | null = null;
  sent: Array<VoiceClientMessage | ArrayBuffer> = [];
  socketsClosed = 0;
  token: string | null = null;
  states: VoiceCallState[] = [];

  call = new VoiceCall({
    createAudioContext: () => {
      const context = {
        state: 'running',
        closed: 0,
        close: async () => {
          context.state = 'closed';
          context.closed += 1;
        },
      };
      this.contexts.push(context);
      return context as unknown as AudioContext;
    },
    openMicrophone: (_context, handlers) =>
      new Promise<Microphone>((resolve, reject) => this.micRequests.push({ resolve, reject, handlers })),
    createPlayer: (): ReplyPlayer => ({
      setSampleRate: (rate) => this.player.rates.push(rate),
      play: (pcm) => this.player.played.push(pcm.byteLength),
      stop: () => (this.player.stops += 1),
      level: () => this.player.level,
      close: () => (this.player.closed += 1),
    }),
    connect: (handlers) => {
      this.handlers = handlers;
      return { send: (data) => this.sent.push(data), close: () => (this.socketsClosed += 1) };
    },
    accessToken: () => this.token,
    setInterval: (callback) => {
      const id = this.nextInterval++;
      this.intervals.set(id, callback);
      return id;
    },
    clearInterval: (id) => this.intervals.delete(id as number),
    now: () => this.nowMs,
  });

  constructor() {
    this.call.subscribe(() => this.states.push(this.call.getSnapshot()));
  }

  get state(): VoiceCallState {
    return this.call.getSnapshot();
  }

  async grantMicrophone(): Promise<void> {
    const request = this.micRequests.at(-1)!;
    request.resolve({ setMuted: (muted) => this.mic.muted.push(muted), close: () => (this.mic.closed += 1) });
    await flush();
  }

  async denyMicrophone(error: unknown): Promise<void> {
    this.micRequests.at(-1)!.reject(error);
    await flush();
  }

  server(message: VoiceServerMessage): void {
    this.handlers!.onMessage(message);
  }

  /** Start → permission → socket open → the server's first `listening`. */
  async connect(): Promise<void> {
    expect(this.call.start()).toBe(true);
    await this.grantMicrophone();
    this.handlers!.onOpen();
    this.server({ type: 'status', status: 'connecting' });
    this.server({ type: 'status', status: 'listening' });
  }

  frame(level: number): void {
    this.micRequests.at(-1)!.handlers.onFrame({ pcm: new ArrayBuffer(640), level });
  }

  tick(ms = 100): void {
    this.nowMs += ms;
    for (const callback of this.intervals.values()) callback();
  }

  jsonSent(): VoiceClientMessage[] {
    return this.sent.filter((data): data is VoiceClientMessage => !(data instanceof ArrayBuffer));
  }

  expectEverythingClosed(): void {
    expect(this.mic.closed).toBe(1);
    expect(this.player.closed).toBe(1);
    expect(this.contexts.every((context) => context.state === 'closed')).toBe(true);
    expect(this.intervals.size).toBe(0);
  }
}

const flush = async () => {
  for (let index = 0; index < 10; index += 1) await Promise.resolve();
};

let world: Harness;
beforeEach(() => {
  world = new Harness();
});

describe('call lifecycle', () => {
  it('goes idle → connecting → connected on the first listening → idle on End Call', async () => {
    expect(world.state).toMatchObject({ status: 'idle', volume: 0 });
    expect(world.call.start()).toBe(true);
    expect(world.state.status).toBe('connecting');
    await world.grantMicrophone();
    world.handlers!.onOpen();
    expect(world.jsonSent()).toEqual([{ type: 'start', sampleRate: 16_000, encoding: 'pcm_s16le' }]);
    world.server({ type: 'status', status: 'connecting' });
    expect(world.state.status).toBe('connecting');
    world.server({ type: 'status', status: 'listening' });
    expect(world.state.status).toBe('connected');

    world.call.stop();
    expect(world.state).toMatchObject({ status: 'idle', volume: 0, speaking: false, problem: null, endReason: 'customer-ended-call' });
    expect(world.jsonSent().at(-1)).toEqual({ type: 'stop' });
    expect(world.socketsClosed).toBe(1);
    world.expectEverythingClosed();
  });

  it('sends the access token when signed in', async () => {
    world.token = 'access-token-1';
    world.call.start();
    await world.grantMicrophone();
    world.handlers!.onOpen();
    expect(world.jsonSent()[0]).toEqual({ type: 'start', sampleRate: 16_000, encoding: 'pcm_s16le', accessToken: 'access-token-1' });
  });

  it('refuses a second start while one runs', async () => {
    expect(world.call.start()).toBe(true);
    expect(world.call.start()).toBe(false);
    await world.grantMicrophone();
    world.handlers!.onOpen();
    world.server({ type: 'status', status: 'listening' });
    expect(world.call.start()).toBe(false);
    expect(world.state.status).toBe('connected');
    expect(world.contexts).toHaveLength(1);
    expect(world.micRequests).toHaveLength(1);
  });

  it('reports customer-ended-call once even when the server confirms the end afterwards', async () => {
    await world.connect();
    world.call.stop();
    world.server({ type: 'call-end', reason: 'customer-ended-call' });
    world.handlers!.onClose();
    world.call.stop();
    const ends = world.states.filter((state, index) => state.endReason && !world.states[index - 1]?.endReason);
    expect(ends.map((state) => state.endReason)).toEqual(['customer-ended-call']);
    expect(world.jsonSent().filter((message) => message.type === 'stop')).toHaveLength(1);
    expect(world.socketsClosed).toBe(1);
  });

  it('ends when the assistant ends the call', async () => {
    await world.connect();
    world.server({ type: 'call-end', reason: 'assistant-ended-call' });
    expect(world.state).toMatchObject({ status: 'idle', problem: null, endReason: 'assistant-ended-call' });
    expect(world.jsonSent().some((message) => message.type === 'stop')).toBe(false);
    world.expectEverythingClosed();
  });

  it('can start again after a call ended, with a fresh transcript', async () => {
    await world.connect();
    world.server({ type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'Hello' });
    world.call.stop();
    expect(world.state.lines).toHaveLength(1);
    expect(world.call.start()).toBe(true);
    expect(world.state).toMatchObject({ status: 'connecting', lines: [], endReason: null });
  });

  it('stopping while the browser asks for the microphone closes it when it arrives', async () => {
    world.call.start();
    world.call.stop();
    expect(world.state.status).toBe('idle');
    await world.grantMicrophone();
    expect(world.mic.closed).toBe(1);
    expect(world.handlers).toBeNull();
    // It never reached the server, so there is no end to report.
    expect(world.state.endReason).toBeNull();
  });
});

describe('problems', () => {
  it.each([
    ['NotAllowedError', 'permission-denied'],
    ['NotFoundError', 'no-microphone'],
  ] as const)('a microphone %s returns to idle with %s', async (_name, problem) => {
    world.call.start();
    await world.denyMicrophone(new MicrophoneError(problem));
    expect(world.state).toMatchObject({ status: 'idle', volume: 0, problem: { kind: problem, atStart: true } });
    expect(world.handlers).toBeNull();
    expect(world.contexts[0]?.state).toBe('closed');
    expect(world.intervals.size).toBe(0);
  });

  it('a socket that closes before the call connects is a failed start', async () => {
    world.call.start();
    await world.grantMicrophone();
    world.handlers!.onClose();
    expect(world.state).toMatchObject({ status: 'idle', problem: { kind: 'connection-failed', atStart: true } });
    world.expectEverythingClosed();
  });

  it('a socket that drops mid-call is a lost connection', async () => {
    await world.connect();
    world.handlers!.onClose();
    expect(world.state).toMatchObject({ status: 'idle', volume: 0, problem: { kind: 'connection-lost', atStart: false }, endReason: 'error' });
    world.expectEverythingClosed();
  });

  it('no speech-to-text engine on the server is said plainly', async () => {
    world.call.start();
    await world.grantMicrophone();
    world.handlers!.onOpen();
    world.server({ type: 'error', code: 'speech_recognition_unavailable', message: 'Speech recognition is not available' });
    expect(world.state.status).toBe('connecting');
    world.server({ type: 'call-end', reason: 'error' });
    world.handlers!.onClose();
    expect(world.state).toMatchObject({ status: 'idle', problem: { kind: 'speech-recognition-unavailable', atStart: true } });
  });

  it('a fatal error followed only by a close keeps its own problem', async () => {
    await world.connect();
    world.server({ type: 'error', code: 'too_many_calls', message: 'Too many calls' });
    world.handlers!.onClose();
    expect(world.state.problem).toEqual({ kind: 'busy', atStart: false });
  });

  it('a microphone lost mid-call ends the call and says why', async () => {
    await world.connect();
    world.micRequests.at(-1)!.handlers.onLost('microphone-busy');
    expect(world.state).toMatchObject({ status: 'idle', problem: { kind: 'microphone-busy', atStart: false }, endReason: 'error' });
    expect(world.jsonSent().at(-1)).toEqual({ type: 'stop' });
    world.expectEverythingClosed();
  });

  it('a call-end with reason error and no error message is a failed call', async () => {
    await world.connect();
    world.server({ type: 'call-end', reason: 'error' });
    expect(world.state.problem).toEqual({ kind: 'call-failed', atStart: false });
  });

  it('errors the server survives do not end the call', async () => {
    await world.connect();
    world.server({ type: 'error', code: 'speech_recognition_failed', message: 'Could not understand' });
    expect(world.state).toMatchObject({ status: 'connected', problem: null });
  });
});

describe('during a call', () => {
  it('keeps final transcript lines in order, labelled by role, and ignores partials', async () => {
    await world.connect();
    world.server({ type: 'transcript', role: 'user', transcriptType: 'partial', transcript: 'I need' });
    world.server({ type: 'transcript', role: 'user', transcriptType: 'final', transcript: ' I need a place to sleep tonight ' });
    world.server({ type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'I hear you.' });
    expect(world.state.lines.map(({ role, content }) => ({ role, content }))).toEqual([
      { role: 'user', content: 'I need a place to sleep tonight' },
      { role: 'assistant', content: 'I hear you.' },
    ]);
  });

  it('streams microphone frames only after the socket opened and not while muted', async () => {
    world.call.start();
    await world.grantMicrophone();
    world.frame(0.2);
    expect(world.sent).toEqual([]);
    world.handlers!.onOpen();
    world.server({ type: 'status', status: 'listening' });
    world.frame(0.2);
    expect(world.sent.filter((data) => data instanceof ArrayBuffer)).toHaveLength(1);

    world.call.toggleMute();
    expect(world.state.muted).toBe(true);
    expect(world.mic.muted).toEqual([true]);
    expect(world.jsonSent().at(-1)).toEqual({ type: 'mute', muted: true });
    world.frame(0.2);
    expect(world.sent.filter((data) => data instanceof ArrayBuffer)).toHaveLength(1);

    world.call.toggleMute();
    expect(world.state.muted).toBe(false);
    expect(world.jsonSent().at(-1)).toEqual({ type: 'mute', muted: false });
  });

  it('mute does nothing unless connected', () => {
    world.call.start();
    world.call.toggleMute();
    expect(world.state.muted).toBe(false);
  });

  it('queues reply audio at the announced rate', async () => {
    await world.connect();
    world.server({ type: 'audio-format', sampleRate: 22_050 });
    world.handlers!.onAudio(new ArrayBuffer(882));
    expect(world.player.rates).toEqual([22_050]);
    expect(world.player.played).toEqual([882]);
  });

  it('drops queued reply audio at once when the server cuts the reply off (speech-end)', async () => {
    await world.connect();
    world.server({ type: 'speech-start' });
    world.handlers!.onAudio(new ArrayBuffer(640));
    expect(world.player.stops).toBe(0);
    world.server({ type: 'speech-end' });
    expect(world.player.stops).toBe(1);
    expect(world.state.status).toBe('connected');
  });

  it('samples levels every 100 ms: Ellis speaking above 0.01 until 1 s of quiet; volume = level / 0.15', async () => {
    await world.connect();
    world.player.level = 0.06;
    world.tick();
    expect(world.state.speaking).toBe(true);
    expect(world.state.volume).toBeCloseTo(0.4, 6);
    world.player.level = 0;
    world.tick(500);
    expect(world.state).toMatchObject({ speaking: true, volume: 0 });
    world.tick(500);
    expect(world.state.speaking).toBe(false);
    // The person's own voice moves the button too, capped at 1.
    world.frame(0.5);
    world.tick();
    expect(world.state).toMatchObject({ speaking: false, volume: 1 });
  });

  it('resets volume and speaking when the call ends', async () => {
    await world.connect();
    world.player.level = 0.2;
    world.tick();
    expect(world.state).toMatchObject({ speaking: true, volume: 1 });
    world.call.stop();
    expect(world.state).toMatchObject({ speaking: false, volume: 0 });
  });

  it('remembers a crisis past the end of the call', async () => {
    await world.connect();
    world.server({ type: 'crisis', level: 'crisis', resources: [{ name: '988 Suicide & Crisis Lifeline', phone: '988' }] });
    expect(world.state.crisis).toBe(true);
    world.call.stop();
    expect(world.state.crisis).toBe(true);
  });
});
