// Voice turn latency (DESIGN §8, §9): a real server on loopback, a WebSocket client that talks like
// a microphone, and per-stage timings of every turn.
//   1. "fakes": instant fake VAD/STT/assistant/TTS. What is left is our own overhead per turn
//      (budget: ≤ 30 ms p95), plus how fast a reply stops when the caller talks over it
//      (budget: ≤ 250 ms).
//   2. "offline": Silero VAD, pocketsphinx and Flite with Flite-spoken sentences fed in real time.
//      The assistant is scripted and instant, so the numbers are the speech engines' own.
// Prints one JSON line per turn, then ONE summary JSON object on the last line.
// Options: --turns N (fakes, default 40), --offline-turns N (default 3).
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../src/server/testing/test-app.ts';
import { VOICE_PATH, type VoiceServerMessage } from '../../src/shared/voice-protocol.ts';
import { bytesFromPcm16 } from '../../src/server/providers/audio/pcm.ts';
import { synthesizeSpeech } from '../../src/server/providers/audio/testing/test-speech.ts';
import { FakeVad } from '../../src/server/providers/vad/testing/fake-vad.ts';
import { FakeStt } from '../../src/server/providers/stt/testing/fake-stt.ts';
import { FakeTts } from '../../src/server/providers/tts/testing/fake-tts.ts';
import { isSphinxInstalled } from '../../src/server/providers/stt/sphinx-stt.ts';
import { silence, tone } from '../../src/server/modules/voice/testing/voice-kit.ts';
import { FakeAssistant } from '../../src/server/assistant/testing/fake-assistant.ts';
import type { TurnTimings } from '../../src/server/modules/voice/voice-call-settings.ts';
import type { VoiceOptions } from '../../src/server/modules/voice/setup.ts';
import { percentile, round } from '../support/latency-stats.ts';

const { values } = parseArgs({ options: { turns: { type: 'string', default: '40' }, 'offline-turns': { type: 'string', default: '3' } } });
const FAKE_TURNS = Number(values.turns);
const OFFLINE_TURNS = Number(values['offline-turns']);
const FRAME_SAMPLES = 320;
const OVERHEAD_BUDGET_MS = 30;
const BARGE_IN_BUDGET_MS = 250;

interface Server {
  app: FastifyInstance;
  url: string;
  origin: string;
  timings: TurnTimings[];
}

async function startServer(env: Record<string, string>, voice: VoiceOptions, assistant: FakeAssistant): Promise<Server> {
  const timings: TurnTimings[] = [];
  const { app, database } = await buildTestApp({
    env: { LOG_LEVEL: 'silent', ...env },
    assistant,
    voice: { ...voice, limits: { maxCallsPerIp: 10, startsPerIp: { limit: 1000, windowMs: 60_000 } }, onTurnTimings: (turn) => timings.push(turn) },
  });
  app.addHook('onClose', () => database.close());
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `${origin.replace('http', 'ws')}${VOICE_PATH}`, origin, timings };
}

class Caller {
  readonly socket: WebSocket;
  readonly #listeners: Array<(message: VoiceServerMessage | 'audio') => void> = [];

  constructor(server: Server) {
    this.socket = new WebSocket(server.url, { headers: { origin: server.origin } });
    this.socket.on('message', (data, isBinary) => {
      const message = isBinary ? 'audio' : (JSON.parse(String(data)) as VoiceServerMessage);
      for (const listener of [...this.#listeners]) listener(message);
    });
  }

  async open(): Promise<void> {
    await new Promise((resolve, reject) => {
      this.socket.once('open', resolve);
      this.socket.once('error', reject);
    });
    const greeted = this.waitFor((message) => message !== 'audio' && message.type === 'transcript' && message.role === 'assistant' && message.transcriptType === 'final', 60_000);
    this.socket.send(JSON.stringify({ type: 'start', sampleRate: 16000, encoding: 'pcm_s16le' }));
    await greeted;
  }

  waitFor(match: (message: VoiceServerMessage | 'audio') => boolean, timeoutMs: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the server did not answer in time')), timeoutMs);
      const listener = (message: VoiceServerMessage | 'audio') => {
        if (!match(message)) return;
        clearTimeout(timer);
        this.#listeners.splice(this.#listeners.indexOf(listener), 1);
        resolve(performance.now());
      };
      this.#listeners.push(listener);
    });
  }

  /** Sends audio in 20 ms frames; in real time when `paced`. Returns when the last frame was sent. */
  async send(samples: Int16Array, paced: boolean): Promise<number> {
    for (let offset = 0; offset < samples.length; offset += FRAME_SAMPLES) {
      this.socket.send(bytesFromPcm16(samples.subarray(offset, offset + FRAME_SAMPLES)));
      if (paced) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return performance.now();
  }

  close(): void {
    this.socket.close();
  }
}

const isFinal = (role: 'user' | 'assistant') => (message: VoiceServerMessage | 'audio') =>
  message !== 'audio' && message.type === 'transcript' && message.role === role && message.transcriptType === 'final';

function printTurn(engines: string, turn: number, timings: TurnTimings | undefined, extra: Record<string, number | null>): void {
  const rounded = Object.fromEntries(Object.entries(timings ?? {}).map(([key, value]) => [key, typeof value === 'number' ? round(value) : value]));
  console.log(JSON.stringify({ engines, turn, ...rounded, ...extra }));
}

async function benchFakes() {
  const assistant = new FakeAssistant();
  assistant.fallback = 'I hear you. Tell me more about what happened today.';
  const server = await startServer({}, {
    providers: { vad: new FakeVad(), stt: new FakeStt([], 'I need a place to sleep'), tts: new FakeTts({ msPerCharacter: 1 }) },
  }, assistant);
  const caller = new Caller(server);
  await caller.open();
  const overheads: number[] = [];
  const clientFirstAudio: number[] = [];
  // Speech, then exactly the turn-end silence: the last frame sent is the one that ends the turn.
  const speech = tone(300);
  const pause = silence(500);
  for (let turn = 1; turn <= FAKE_TURNS; turn++) {
    const done = caller.waitFor(isFinal('assistant'), 10_000);
    const firstAudio = caller.waitFor((message) => message === 'audio', 10_000);
    await caller.send(speech, false);
    const sentAt = await caller.send(pause, false);
    const heardAt = await firstAudio;
    await done;
    const timings = server.timings.at(-1);
    const overhead = timings && timings.firstAudioMs !== null
      ? timings.firstAudioMs - (timings.sttMs ?? 0) - (timings.firstTokenMs ?? 0) - (timings.firstSynthesisMs ?? 0)
      : null;
    if (overhead !== null) overheads.push(overhead);
    clientFirstAudio.push(heardAt - sentAt);
    printTurn('fakes', turn, timings, { overheadMs: overhead === null ? null : round(overhead), clientFirstAudioMs: round(heardAt - sentAt) });
  }

  // Barge-in: a long reply, interrupted once it plays; time from the frame that makes the speech
  // long enough to count (minSpeechMs, 90 ms) to `speech-end` arriving.
  const bargeIns: number[] = [];
  const tts = new FakeTts({ msPerCharacter: 40 });
  await server.app.close();
  const bargeServer = await startServer({}, { providers: { vad: new FakeVad(), stt: new FakeStt([], 'hello'), tts } }, assistant);
  assistant.fallback = 'This is a long reply that goes on and on. It has several sentences in it. Nobody will hear the end of it.';
  const bargeCaller = new Caller(bargeServer);
  await bargeCaller.open();
  for (let turn = 1; turn <= Math.min(10, FAKE_TURNS); turn++) {
    const speaking = bargeCaller.waitFor((message) => message !== 'audio' && message.type === 'speech-start', 10_000);
    await bargeCaller.send(tone(300), false);
    await bargeCaller.send(silence(500), false);
    await speaking;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stopped = bargeCaller.waitFor((message) => message !== 'audio' && message.type === 'speech-end', 10_000);
    const sentAt = await bargeCaller.send(tone(100), false);
    const stoppedAt = await stopped;
    bargeIns.push(stoppedAt - sentAt);
    console.log(JSON.stringify({ engines: 'fakes', bargeIn: turn, speechEndAfterMs: round(stoppedAt - sentAt) }));
    // Let the interruption finish as a turn of its own before the next round.
    const answered = bargeCaller.waitFor(isFinal('assistant'), 20_000);
    await bargeCaller.send(silence(500), false);
    await answered;
  }
  bargeCaller.close();
  caller.close();
  await bargeServer.app.close();
  return {
    turns: overheads.length,
    overheadMs: { p50: percentile(overheads, 0.5), p95: percentile(overheads, 0.95), max: percentile(overheads, 1) },
    clientFirstAudioMs: { p50: percentile(clientFirstAudio, 0.5), p95: percentile(clientFirstAudio, 0.95) },
    bargeInMs: { p50: percentile(bargeIns, 0.5), p95: percentile(bargeIns, 0.95), max: percentile(bargeIns, 1) },
  };
}

async function benchOffline() {
  if (!isSphinxInstalled()) return { skipped: 'pocketsphinx is not installed (apt-get install -y pocketsphinx pocketsphinx-en-us)' };
  const sentences = [
    'I lost my apartment and I need a place to sleep tonight.',
    'Where can I get food for my kids?',
    'I feel really alone right now.',
  ];
  const assistant = new FakeAssistant();
  assistant.fallback = 'That sounds really hard. Would it help to look at options near you?';
  const server = await startServer({ STT_PROVIDER: 'sphinx', TTS_PROVIDER: 'flite' }, {}, assistant);
  const caller = new Caller(server);
  await caller.open();
  const rows: TurnTimings[] = [];
  for (let turn = 1; turn <= OFFLINE_TURNS; turn++) {
    const speech = await synthesizeSpeech(sentences[(turn - 1) % sentences.length] ?? '');
    const done = caller.waitFor(isFinal('assistant'), 120_000);
    await caller.send(silence(300), true);
    await caller.send(speech, true);
    await caller.send(silence(1_000), true);
    await done;
    const timings = server.timings.at(-1);
    if (timings) rows.push(timings);
    printTurn('offline', turn, timings, {});
  }
  caller.close();
  await server.app.close();
  const stage = (key: keyof TurnTimings) => {
    const values = rows.map((row) => row[key]).filter((value): value is number => typeof value === 'number');
    return { p50: percentile(values, 0.5), max: percentile(values, 1) };
  };
  return {
    turns: rows.length,
    endOfTurnMs: stage('endOfTurnMs'),
    sttMs: stage('sttMs'),
    firstTokenMs: stage('firstTokenMs'),
    firstSynthesisMs: stage('firstSynthesisMs'),
    firstAudioMs: stage('firstAudioMs'),
    totalMs: stage('totalMs'),
  };
}

const fakes = await benchFakes();
const offline = await benchOffline();
console.log(
  JSON.stringify({
    bench: 'voice/voice-turns',
    fakes,
    offline,
    budgets: {
      overheadP95Ms: { budget: OVERHEAD_BUDGET_MS, measured: fakes.overheadMs.p95, met: (fakes.overheadMs.p95 ?? Infinity) <= OVERHEAD_BUDGET_MS },
      bargeInP95Ms: { budget: BARGE_IN_BUDGET_MS, measured: fakes.bargeInMs.p95, met: (fakes.bargeInMs.p95 ?? Infinity) <= BARGE_IN_BUDGET_MS },
    },
  }),
);
process.exit(0);
