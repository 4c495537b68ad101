import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../testing/test-app.ts';
import { VOICE_CLOSE_CODES, VOICE_MAX_FRAME_BYTES, VOICE_PATH, type VoiceServerMessage } from '../../../shared/voice-protocol.ts';
import { FakeVad } from '../../providers/vad/testing/fake-vad.ts';
import { FakeStt } from '../../providers/stt/testing/fake-stt.ts';
import { FakeTts } from '../../providers/tts/testing/fake-tts.ts';
import { bytesFromPcm16 } from '../../providers/audio/pcm.ts';
import type { VoiceOptions } from './setup.ts';
import { FAST_HASHING, PASSWORD, uniqueUsername } from '../auth/testing/accounts-kit.ts';
import { frames, silence, tone } from './testing/voice-kit.ts';
import { FakeAssistant } from '../../assistant/testing/fake-assistant.ts';

interface Harness {
  app: FastifyInstance;
  url: string;
  origin: string;
  assistant: FakeAssistant;
  vad: FakeVad;
}

let harness: Harness | null = null;
const sockets: WebSocket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await harness?.app.close();
  harness = null;
});

async function start(options: { voice?: VoiceOptions; assistant?: FakeAssistant } = {}): Promise<Harness> {
  const assistant = options.assistant ?? new FakeAssistant();
  const vad = new FakeVad();
  const { app, database } = await buildTestApp({
    env: { PUBLIC_URL: 'http://ellis.test' },
    accounts: { passwordHashing: FAST_HASHING },
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

/** Hangs `caller` up; a new call from the same address then starts and listens. */
async function expectSlotFreedAtHangUp(caller: Client, url: string, origin: string): Promise<void> {
  caller.socket.close();
  await caller.closed;
  await new Promise((resolve) => setTimeout(resolve, 50));
  const again = await connect(url, origin);
  again.socket.send(START);
  await again.next('status', (message) => message.status === 'listening');
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
      const { url, origin } = await start({ voice: { limits: { maxCallsPerIp: 1 } } });
      const client = await connect(url, origin);
      client.socket.send(first);
      expect(await client.closed).toEqual({ code: VOICE_CLOSE_CODES.policyViolation });
      expect(client.messages.map((message) => message.type)).toEqual(['error', 'call-end']);
      expect(client.messages[0]).toMatchObject({ type: 'error', code: 'invalid_start' });
      expect(client.messages[1]).toEqual({ type: 'call-end', reason: 'error' });
      // The refused start gave its address's only slot back.
      await expect.poll(() => callStarts(url, origin)).toBe(true);
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

  it("greets and replies in the page's language when the voice speaks every language, in English with an English-only voice", async () => {
    const multilingual = new FakeTts();
    multilingual.speaksEveryLanguage = true;
    const { url, origin, assistant } = await start({ voice: { providers: { tts: multilingual } } });
    const client = await connect(url, origin);
    client.socket.send(JSON.stringify({ type: 'start', sampleRate: 16000, encoding: 'pcm_s16le', locale: 'es' }));
    const greeting = await client.next('transcript', (message) => message.role === 'assistant' && message.transcriptType === 'final');
    expect(greeting.transcript).toBe(
      'Hola, soy Ellis. Soy una ayuda con inteligencia artificial, no terapeuta con licencia ni trabajador social, y nada de lo que diga en esta llamada se graba. ¿Qué está pasando hoy?',
    );
    sendSpeech(client.socket, 300, 200);
    await client.next('transcript', (message) => message.role === 'assistant' && message.transcriptType === 'final' && message !== greeting);
    expect(assistant.requests[0]?.locale).toBe('es');
    await harness?.app.close();
    harness = null;

    const english = await start();
    const englishClient = await connect(english.url, english.origin);
    englishClient.socket.send(JSON.stringify({ type: 'start', sampleRate: 16000, encoding: 'pcm_s16le', locale: 'es' }));
    const englishGreeting = await englishClient.next('transcript', (message) => message.role === 'assistant' && message.transcriptType === 'final');
    expect(englishGreeting.transcript.startsWith("Hi, I'm Ellis. I'm an AI assistant")).toBe(true);
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

    await expectSlotFreedAtHangUp(first, url, origin);
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

    await expectSlotFreedAtHangUp(first, url, origin);
  });

  it('frees everything when the client vanishes mid-reply', async () => {
    const assistant = new FakeAssistant([], { delayMs: 2_000 });
    const { url, origin } = await start({ assistant, voice: { limits: { maxCallsPerIp: 1, maxCalls: 1 } } });
    const client = await connect(url, origin);
    client.socket.send(START);
    await client.next('transcript', (message) => message.role === 'assistant' && message.transcriptType === 'final');
    sendSpeech(client.socket, 300, 200);
    await client.next('transcript', (message) => message.role === 'user');
    // The call holds the only slot: another is refused.
    expect(await callStarts(url, origin)).toBe(false);

    client.socket.terminate();
    await expect.poll(() => assistant.requests[0]?.signal.aborted).toBe(true);
    await expect.poll(() => callStarts(url, origin)).toBe(true);
  });
});

/** Whether a new call from the test's address gets a slot and starts listening (or is refused). */
async function callStarts(url: string, origin: string): Promise<boolean> {
  const caller = await connect(url, origin);
  caller.socket.send(START);
  return Promise.race([
    caller.next('status', (message) => message.status === 'listening').then(() => true),
    caller.closed.then(() => false),
  ]);
}
