import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/config.ts';
import { migrateToLatest, openDatabase } from '../../db/database.ts';
import { TEST_AUTH_SECRET } from '../../test-support.ts';
import { VOICE_CLOSE_CODES, VOICE_MAX_FRAME_BYTES, VOICE_PATH, type VoiceServerMessage } from '../../../shared/voice-protocol.ts';
import { FakeVad } from '../../providers/vad/fake-vad.ts';
import { FakeStt } from '../../providers/stt/fake-stt.ts';
import { FakeTts } from '../../providers/tts/fake-tts.ts';
import { bytesFromPcm16 } from '../../providers/audio/pcm.ts';
import type { VoiceOptions } from './setup.ts';
import { FAST_HASHING, PASSWORD, uniqueUsername } from '../auth/test-kit.ts';
import { frames, ScriptedAssistant, silence, tone } from './test-kit.ts';

interface Harness {
  app: FastifyInstance;
  url: string;
  origin: string;
  assistant: ScriptedAssistant;
  vad: FakeVad;
}

let harness: Harness | null = null;
const sockets: WebSocket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await harness?.app.close();
  harness = null;
});

async function start(options: { voice?: VoiceOptions; assistant?: ScriptedAssistant } = {}): Promise<Harness> {
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://ellis.test' });
  const database = openDatabase({ url: 'file::memory:' });
  await migrateToLatest(database);
  const assistant = options.assistant ?? new ScriptedAssistant();
  const vad = new FakeVad();
  const app = await buildApp(config, {
    database,
    logger: false,
    distDir: null,
    accounts: { secretKeys: [TEST_AUTH_SECRET], passwordHashing: FAST_HASHING },
    assistant,
    voice: {
      ...options.voice,
      providers: { vad, stt: new FakeStt([], 'hello there'), tts: new FakeTts(), ...options.voice?.providers },
      settings: { turnEndSilenceMs: 100, minSpeechMs: 40, ...options.voice?.settings },
    },
  });
  app.addHook('onClose', () => database.close());
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  harness = { app, url: `${address.replace('http', 'ws')}${VOICE_PATH}`, origin: address, assistant, vad };
  return harness;
}

interface Client {
  socket: WebSocket;
  messages: VoiceServerMessage[];
  audioFrames: number;
  closed: Promise<{ code: number }>;
  next<T extends VoiceServerMessage['type']>(type: T, where?: (message: Extract<VoiceServerMessage, { type: T }>) => boolean): Promise<Extract<VoiceServerMessage, { type: T }>>;
}

function connect(url: string, origin: string | null): Promise<Client> {
  const socket = new WebSocket(url, origin === null ? {} : { headers: { origin } });
  sockets.push(socket);
  const messages: VoiceServerMessage[] = [];
  const waiters: Array<(message: VoiceServerMessage) => boolean> = [];
  const client: Client = {
    socket,
    messages,
    audioFrames: 0,
    closed: new Promise((resolve) => socket.on('close', (code) => resolve({ code }))),
    next(type, where = () => true) {
      const seen = messages.find((message) => message.type === type && where(message as never));
      if (seen) return Promise.resolve(seen as never);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} message`)), 5_000);
        waiters.push((message) => {
          if (message.type !== type || !where(message as never)) return false;
          clearTimeout(timer);
          resolve(message as never);
          return true;
        });
      });
    },
  };
  socket.on('message', (data, isBinary) => {
    if (isBinary) {
      client.audioFrames += 1;
      return;
    }
    const message = JSON.parse(String(data)) as VoiceServerMessage;
    messages.push(message);
    for (const waiter of [...waiters]) if (waiter(message)) waiters.splice(waiters.indexOf(waiter), 1);
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('unexpected-response', (_request, response) => reject(new Error(`handshake refused: ${response.statusCode}`)));
    socket.once('error', reject);
  });
}

const START = JSON.stringify({ type: 'start', sampleRate: 16000, encoding: 'pcm_s16le' });

function sendSpeech(socket: WebSocket, speechMs: number, pauseMs: number): void {
  for (const frame of [...frames(tone(speechMs)), ...frames(silence(pauseMs))]) socket.send(bytesFromPcm16(frame));
}

describe('GET /api/voice', () => {
  it('runs a call: connecting, audio format, listening, greeting audio, a turn, then stop ends it', async () => {
    const { url, origin, app } = await start();
    const client = await connect(url, origin);
    client.socket.send(START);
    await client.next('status', (message) => message.status === 'listening');
    expect(client.messages.slice(0, 3)).toEqual([
      { type: 'status', status: 'connecting' },
      { type: 'audio-format', sampleRate: 16_000 },
      { type: 'status', status: 'listening' },
    ]);
    const greeting = await client.next('transcript', (message) => message.role === 'assistant' && message.transcriptType === 'final');
    expect(greeting.transcript).toContain("I'm an AI assistant, not a licensed therapist or social worker");
    expect(client.audioFrames).toBeGreaterThan(0);

    sendSpeech(client.socket, 300, 200);
    expect((await client.next('transcript', (message) => message.role === 'user')).transcript).toBe('hello there');
    await client.next('transcript', (message) => message.role === 'assistant' && message.transcript === 'I hear you. Tell me more about that.' && message.transcriptType === 'final');

    client.socket.send(JSON.stringify({ type: 'stop' }));
    expect(await client.closed).toEqual({ code: VOICE_CLOSE_CODES.normal });
    expect(client.messages.at(-1)).toEqual({ type: 'call-end', reason: 'customer-ended-call' });
    expect(app.hasRoute({ method: 'GET', url: VOICE_PATH })).toBe(true);
  });

  it('refuses a foreign or missing Origin at the handshake', async () => {
    const { url } = await start();
    await expect(connect(url, 'https://evil.example')).rejects.toThrow('handshake refused: 403');
    await expect(connect(url, null)).rejects.toThrow('handshake refused: 403');
  });

  it('accepts the PUBLIC_URL origin', async () => {
    const { url } = await start();
    const client = await connect(url, 'http://ellis.test');
    client.socket.send(START);
    await client.next('status', (message) => message.status === 'listening');
  });

  for (const [name, first] of [
    ['not JSON', 'hello'],
    ['another message type', JSON.stringify({ type: 'mute', muted: true })],
    ['a wrong sample rate', JSON.stringify({ type: 'start', sampleRate: 48000, encoding: 'pcm_s16le' })],
    ['audio', Buffer.alloc(640)],
  ] as const) {
    it(`answers a first message that is ${name} with invalid_start and closes`, async () => {
      const { url, origin, app } = await start();
      const client = await connect(url, origin);
      client.socket.send(first);
      expect(await client.closed).toEqual({ code: VOICE_CLOSE_CODES.policyViolation });
      expect(client.messages.map((message) => message.type)).toEqual(['error', 'call-end']);
      expect(client.messages[0]).toMatchObject({ type: 'error', code: 'invalid_start' });
      expect(client.messages[1]).toEqual({ type: 'call-end', reason: 'error' });
      await expect.poll(() => voiceOpenCalls(app)).toBe(0);
    });
  }

  it('closes a call whose frame is too large', async () => {
    const { url, origin } = await start();
    const client = await connect(url, origin);
    client.socket.send(START);
    await client.next('status', (message) => message.status === 'listening');
    client.socket.send(Buffer.alloc(VOICE_MAX_FRAME_BYTES + 2));
    expect(await client.closed).toEqual({ code: VOICE_CLOSE_CODES.tooLarge });
    expect(client.messages.at(-2)).toMatchObject({ type: 'error', code: 'frame_too_large' });
    expect(client.messages.at(-1)).toEqual({ type: 'call-end', reason: 'error' });
  });

  it('closes a call on a message it does not understand', async () => {
    const { url, origin } = await start();
    const client = await connect(url, origin);
    client.socket.send(START);
    await client.next('status', (message) => message.status === 'listening');
    client.socket.send(JSON.stringify({ type: 'dance' }));
    expect(await client.closed).toEqual({ code: VOICE_CLOSE_CODES.policyViolation });
    expect(client.messages.at(-2)).toMatchObject({ type: 'error', code: 'invalid_message' });
  });

  it('greets a signed-in caller by name and passes the username to the assistant', async () => {
    const { url, origin, app, assistant } = await start();
    const username = uniqueUsername('caller');
    const signup = await app.inject({ method: 'POST', url: '/auth/v1/signup', payload: { username, password: PASSWORD } });
    expect(signup.statusCode).toBe(200);
    const accessToken = signup.json<{ access_token: string }>().access_token;
    const client = await connect(url, origin);
    client.socket.send(JSON.stringify({ type: 'start', sampleRate: 16000, encoding: 'pcm_s16le', accessToken }));
    const greeting = await client.next('transcript', (message) => message.role === 'assistant' && message.transcriptType === 'final');
    expect(greeting.transcript.startsWith(`Hi ${username}, I'm Ellis.`)).toBe(true);
    sendSpeech(client.socket, 300, 200);
    await client.next('transcript', (message) => message.role === 'assistant' && message.transcriptType === 'final' && message !== greeting);
    expect(assistant.requests[0]?.username).toBe(username);
  });

  it('refuses a bad access token', async () => {
    const { url, origin } = await start();
    const client = await connect(url, origin);
    client.socket.send(JSON.stringify({ type: 'start', sampleRate: 16000, encoding: 'pcm_s16le', accessToken: 'not-a-token' }));
    expect(await client.closed).toEqual({ code: VOICE_CLOSE_CODES.policyViolation });
    expect(client.messages[0]).toMatchObject({ type: 'error', code: 'unauthorized' });
  });

  it('says plainly when no speech recognition is available', async () => {
    const { url, origin } = await start({ voice: { providers: { stt: null } } });
    const client = await connect(url, origin);
    client.socket.send(START);
    expect(await client.closed).toEqual({ code: VOICE_CLOSE_CODES.tryAgainLater });
    expect(client.messages[0]).toEqual({
      type: 'error',
      code: 'speech_recognition_unavailable',
      message: 'Voice calls are not available right now because speech recognition is not set up. Please use the chat or call by phone.',
    });
    expect(client.messages[1]).toEqual({ type: 'call-end', reason: 'error' });
  });

  it('ends the call plainly when the voice detector cannot be loaded', async () => {
    const { url, origin, vad } = await start();
    vad.failNextCreate = new Error('model file missing');
    const client = await connect(url, origin);
    client.socket.send(START);
    expect(await client.closed).toEqual({ code: VOICE_CLOSE_CODES.internalError });
    expect(client.messages.map((message) => message.type)).toEqual(['status', 'error', 'call-end']);
    expect(client.messages[1]).toMatchObject({ type: 'error', code: 'voice_unavailable' });
  });

  it('limits calls open at once from one address', async () => {
    const { url, origin } = await start({ voice: { limits: { maxCallsPerIp: 2 } } });
    const first = await connect(url, origin);
    await connect(url, origin);
    const third = await connect(url, origin);
    expect(await third.closed).toEqual({ code: VOICE_CLOSE_CODES.tryAgainLater });
    expect(third.messages[0]).toMatchObject({ type: 'error', code: 'too_many_calls' });

    first.socket.close();
    await first.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await connect(url, origin);
    again.socket.send(START);
    await again.next('status', (message) => message.status === 'listening');
  });

  it('refuses a call beyond the server limit with too_many_calls, and frees the slot at hang-up', async () => {
    const { url, origin } = await start({ voice: { limits: { maxCalls: 1 } } });
    const first = await connect(url, origin);
    first.socket.send(START);
    await first.next('status', (message) => message.status === 'listening');
    const second = await connect(url, origin);
    second.socket.send(START);
    expect(await second.closed).toEqual({ code: VOICE_CLOSE_CODES.tryAgainLater });
    expect(second.messages.map((message) => message.type)).toEqual(['error', 'call-end']);
    expect(second.messages[0]).toMatchObject({ type: 'error', code: 'too_many_calls' });

    first.socket.close();
    await first.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await connect(url, origin);
    again.socket.send(START);
    await again.next('status', (message) => message.status === 'listening');
  });

  it('frees everything when the client vanishes mid-reply', async () => {
    const assistant = new ScriptedAssistant([], { delayMs: 2_000 });
    const { url, origin, app } = await start({ assistant });
    const client = await connect(url, origin);
    client.socket.send(START);
    await client.next('transcript', (message) => message.role === 'assistant' && message.transcriptType === 'final');
    sendSpeech(client.socket, 300, 200);
    await client.next('transcript', (message) => message.role === 'user');
    expect(voiceOpenCalls(app)).toBe(1);

    client.socket.terminate();
    await expect.poll(() => voiceOpenCalls(app)).toBe(0);
    expect(assistant.requests[0]?.signal.aborted).toBe(true);
  });
});

function voiceOpenCalls(app: FastifyInstance): number | undefined {
  return app.voice?.openCalls;
}
