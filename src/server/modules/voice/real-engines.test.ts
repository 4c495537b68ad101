/**
 * A whole call through the real offline engines (DESIGN §8, §10): a sentence spoken by Flite goes
 * over the WebSocket at real-time pace → Silero VAD ends the turn → pocketsphinx transcribes it →
 * the built-in guide engine answers (crisis layer included) → Flite speaks the reply → PCM16 frames
 * come back.
 *
 * No engine may be missing here: .ci/run installs pocketsphinx, and a machine without it fails
 * this test with the install command rather than skipping it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../testing/test-app.ts';
import { VOICE_PATH, type VoiceServerMessage } from '../../../shared/voice-protocol.ts';
import { bytesFromPcm16, rootMeanSquare, pcm16FromBytes } from '../../providers/audio/pcm.ts';
import { synthesizeSpeech } from '../../providers/audio/testing/test-speech.ts';
import { isSphinxInstalled } from '../../providers/stt/sphinx-stt.ts';
import { silence } from './testing/voice-kit.ts';
import type { TurnTimings } from './voice-call-settings.ts';

let app: FastifyInstance;
let origin: string;
const timings: TurnTimings[] = [];

beforeAll(async () => {
  expect(isSphinxInstalled(), 'pocketsphinx is missing: apt-get install -y pocketsphinx pocketsphinx-en-us').toBe(true);
  const built = await buildTestApp({
    env: { STT_PROVIDER: 'sphinx', TTS_PROVIDER: 'flite', LLM_PROVIDER: 'guide' },
    voice: { onTurnTimings: (turn) => timings.push(turn) },
  });
  app = built.app;
  app.addHook('onClose', () => built.database.close());
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(() => app.close());

describe('a call through Silero, pocketsphinx and Flite', () => {
  it('hears the spoken sentence and speaks the reply', { timeout: 120_000 }, async () => {
    const speech = await synthesizeSpeech('I lost my apartment and I need a place to sleep tonight.');
    const socket = new WebSocket(`${origin.replace('http', 'ws')}${VOICE_PATH}`, { headers: { origin } });
    const messages: VoiceServerMessage[] = [];
    const replyAudio: Int16Array[] = [];
    let userTranscriptSeen = false;
    socket.on('message', (data, isBinary) => {
      if (isBinary) {
        if (userTranscriptSeen) replyAudio.push(pcm16FromBytes(data as Buffer));
        return;
      }
      const message = JSON.parse(String(data)) as VoiceServerMessage;
      if (message.type === 'transcript' && message.role === 'user') userTranscriptSeen = true;
      messages.push(message);
    });
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const until = async (predicate: (message: VoiceServerMessage) => boolean, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = messages.find(predicate);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`timed out; messages so far: ${JSON.stringify(messages.filter((message) => message.type !== 'volume'))}`);
    };
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'start', sampleRate: 16000, encoding: 'pcm_s16le' }));
    await until((message) => message.type === 'status' && message.status === 'listening', 20_000);
    // The greeting must be over, or the sentence would interrupt it.
    await until((message) => message.type === 'transcript' && message.role === 'assistant' && message.transcriptType === 'final', 60_000);

    // As a microphone would: 20 ms frames in real time, with silence around the sentence.
    const audio = [silence(400), speech, silence(1_200)];
    for (const part of audio) {
      for (let offset = 0; offset < part.length; offset += 320) {
        socket.send(bytesFromPcm16(part.subarray(offset, offset + 320)));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    const heard = await until((message) => message.type === 'transcript' && message.role === 'user', 60_000);
    expect(heard.type === 'transcript' && heard.transcript).toMatch(/place to sleep/);
    const heardAt = messages.indexOf(heard);
    const reply = await until(
      (message) =>
        messages.indexOf(message) > heardAt && message.type === 'transcript' && message.role === 'assistant' && message.transcriptType === 'final',
      60_000,
    );
    // The guide grounds its answer in the directory: a place to sleep leads to shelter resources.
    expect(reply.type === 'transcript' && reply.transcript).toMatch(/shelter|housing|bed/i);

    // The reply was spoken: about as long as Flite takes to say it, and not silent.
    const samples = replyAudio.reduce((total, chunk) => total + chunk.length, 0);
    expect(samples / 16_000).toBeGreaterThan(2);
    expect(Math.max(...replyAudio.map((chunk) => rootMeanSquare(chunk)))).toBeGreaterThan(0.02);
    expect(messages.filter((message) => message.type === 'speech-end').length).toBeGreaterThanOrEqual(2);
    expect(messages.some((message) => message.type === 'volume' && message.level > 0.1)).toBe(true);

    expect(timings[0]?.outcome).toBe('replied');
    expect(timings[0]?.sttMs).toBeGreaterThan(0);

    socket.send(JSON.stringify({ type: 'stop' }));
    await closed;
    expect(messages.at(-1)).toEqual({ type: 'call-end', reason: 'customer-ended-call' });
  });
});
