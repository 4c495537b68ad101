import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { startOpenAiAudioTestServer, type OpenAiAudioTestServer } from '../audio/testing/openai-audio-test-server.ts';
import { FakeTts } from './testing/fake-tts.ts';
import { FliteTts } from './flite-tts.ts';
import { OpenAiTts } from './openai-tts.ts';
import { SpeechSynthesisError, type TextToSpeech } from './tts.ts';

let server: OpenAiAudioTestServer;
beforeAll(async () => {
  server = await startOpenAiAudioTestServer();
});
afterAll(() => server.close());

const adapters: Array<[string, () => TextToSpeech]> = [
  ['fake', () => new FakeTts({ msPerCharacter: 60 })],
  ['flite', () => new FliteTts()],
  ['openai', () => new OpenAiTts({ baseUrl: server.baseUrl, apiKey: 'test-key', model: 'tts-1', voice: 'alloy' })],
];

describe.each(adapters)('TextToSpeech contract: %s', (_name, create) => {
  // Created once the local server is up (describe bodies run before beforeAll hooks).
  let tts: TextToSpeech;
  beforeAll(() => {
    tts = create();
  });
  afterAll(() => tts.close());

  it('speaks a sentence as mono PCM16 of a plausible length', async () => {
    const audio = await tts.synthesize('Hello there. How are you doing today?', new AbortController().signal);
    expect(audio.samples).toBeInstanceOf(Int16Array);
    expect(audio.sampleRate).toBeGreaterThanOrEqual(8_000);
    expect(audio.sampleRate).toBeLessThanOrEqual(48_000);
    const seconds = audio.samples.length / audio.sampleRate;
    expect(seconds).toBeGreaterThan(0.5);
    expect(seconds).toBeLessThan(10);
    expect(audio.samples.some((sample) => Math.abs(sample) > 1000)).toBe(true);
  });

  it('speaks sentences one after another and at once', async () => {
    const signal = new AbortController().signal;
    const results = await Promise.all(['First one.', 'Second one, a bit longer.', 'Third.'].map((text) => tts.synthesize(text, signal)));
    expect(results.every((audio) => audio.samples.length > 0)).toBe(true);
  });

  it('refuses when already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(tts.synthesize('Never said.', controller.signal)).rejects.toBeInstanceOf(SpeechSynthesisError);
  });
});

describe('OpenAiTts', () => {
  it('asks for WAVE with the model and voice, and turns a server failure into SpeechSynthesisError', async () => {
    const tts = new OpenAiTts({ baseUrl: server.baseUrl, apiKey: 'test-key', model: 'tts-1', voice: 'nova' });
    await tts.synthesize('Hi.', new AbortController().signal);
    expect(server.speechRequests.at(-1)).toEqual({ model: 'tts-1', voice: 'nova', input: 'Hi.', response_format: 'wav' });
    server.failNextWith = 500;
    await expect(tts.synthesize('Hi.', new AbortController().signal)).rejects.toThrow('speech server answered 500');
  });

  it('fails clearly when the server is unreachable', async () => {
    const tts = new OpenAiTts({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: null, model: 'tts-1', voice: 'alloy' });
    await expect(tts.synthesize('Hi.', new AbortController().signal)).rejects.toThrow('speech server unreachable');
  });
});

describe('FliteTts', () => {
  it('reads text that looks like an option or holds control characters', async () => {
    const tts = new FliteTts({ voice: 'kal16' });
    try {
      const audio = await tts.synthesize('-voice kal\u0007 call 988 now', new AbortController().signal);
      expect(audio.sampleRate).toBe(16_000);
      expect(audio.samples.length).toBeGreaterThan(8_000);
    } finally {
      await tts.close();
    }
  });
});

describe('FliteTts resources', () => {
  const openDescriptors = () => readdirSync('/proc/self/fd').length;
  const fliteFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith('ellis-flite-')).length;

  it.runIf(existsSync('/proc/self/fd'))('leaves no descriptor and no temporary folder behind, however many sentences it speaks', async () => {
    const tts = new FliteTts();
    const foldersBefore = fliteFolders();
    try {
      const signal = new AbortController().signal;
      await tts.synthesize('Warming up.', signal);
      const before = openDescriptors();
      for (let sentence = 0; sentence < 40; sentence++) await tts.synthesize(`Sentence number ${sentence}.`, signal);
      expect(openDescriptors() - before).toBeLessThanOrEqual(0);
    } finally {
      await tts.close();
    }
    expect(fliteFolders()).toBe(foldersBefore);
  });
});
