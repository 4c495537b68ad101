import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiAudioTestServer, type OpenAiAudioTestServer } from '../audio/testing/openai-audio-test-server.ts';
import { synthesizeSpeech } from '../audio/testing/test-speech.ts';
import { resamplePcm16 } from '../audio/pcm.ts';
import { FakeStt } from './testing/fake-stt.ts';
import { OpenAiStt } from './openai-stt.ts';
import { isSphinxInstalled, parseHypothesis, parseStreamingOutput, SphinxStt } from './sphinx-stt.ts';
import { SpeechRecognitionError, type SpeechToText } from './stt.ts';

const SENTENCE = 'I need a place to sleep tonight.';
/** pocketsphinx takes seconds per sentence on a busy 2-core machine. */
const DECODE = { timeout: 90_000 };
let server: OpenAiAudioTestServer;
let speech: Int16Array;
beforeAll(async () => {
  server = await startOpenAiAudioTestServer();
  speech = await synthesizeSpeech(SENTENCE);
});
afterAll(() => server.close());

/**
 * The adapter a describe block tests, created once the local server is up (describe bodies run
 * before beforeAll hooks) and closed after the block.
 */
function adapterForSuite(create: () => SpeechToText): () => SpeechToText {
  let adapter: SpeechToText | undefined;
  beforeAll(() => {
    adapter = create();
  });
  afterAll(() => adapter?.close());
  return () => {
    if (!adapter) throw new Error('the adapter is created in beforeAll: use it inside a test');
    return adapter;
  };
}

const adapters: Array<[string, () => SpeechToText]> = [
  ['fake', () => new FakeStt([], 'i need a place to sleep tonight')],
  ['sphinx', () => new SphinxStt()],
  ['openai', () => new OpenAiStt({ baseUrl: server.baseUrl, apiKey: 'test-key', model: 'whisper-1' })],
];

describe('the offline engine is installed', () => {
  // Not a skip: CI installs it (.ci/run), and a machine without it must say so, not pass quietly.
  it('finds pocketsphinx and its en-us model', () => {
    expect(isSphinxInstalled(), 'apt-get install -y pocketsphinx pocketsphinx-en-us').toBe(true);
  });
});

describe.each(adapters)('SpeechToText contract: %s', (_name, create) => {
  const stt = adapterForSuite(create);

  it('transcribes a spoken sentence', DECODE, async () => {
    const text = await stt().transcribe({ samples: speech, sampleRate: 16_000 }, new AbortController().signal);
    expect(text).toBe(text.trim());
    expect(text.toLowerCase()).toContain('place to sleep');
  });

  it('takes audio at another rate', DECODE, async () => {
    const at24k = resamplePcm16({ samples: speech, sampleRate: 16_000 }, 24_000);
    const text = await stt().transcribe({ samples: at24k, sampleRate: 24_000 }, new AbortController().signal);
    expect(text.toLowerCase()).toContain('sleep');
  });

  it('refuses when already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(stt().transcribe({ samples: speech, sampleRate: 16_000 }, controller.signal)).rejects.toBeInstanceOf(
      SpeechRecognitionError,
    );
  });
});

const streamingAdapters: Array<[string, () => SpeechToText]> = [
  ['fake', () => new FakeStt([], 'i need a place to sleep tonight', { streaming: true })],
  ['sphinx', () => new SphinxStt()],
];

describe.each(streamingAdapters)('live recognition contract: %s', (_name, create) => {
  const stt = adapterForSuite(create);

  it('hears a sentence fed in 20 ms frames, the words coming after the last frame', DECODE, async () => {
    const recognition = stt().startRecognition?.();
    if (!recognition) throw new Error('this adapter must offer live recognition');
    for (let offset = 0; offset < speech.length; offset += 320) recognition.push(speech.subarray(offset, offset + 320));
    const { text, wordConfidences } = await recognition.finish(new AbortController().signal);
    expect(text).toBe(text.trim());
    expect(text.toLowerCase()).toContain('place to sleep');
    if (wordConfidences) {
      expect(wordConfidences).toHaveLength(text.split(' ').length);
      for (const confidence of wordConfidences) expect(confidence).toBeGreaterThanOrEqual(0);
    }
  });

  it('refuses to finish when aborted, and can be cancelled', DECODE, async () => {
    const aborted = stt().startRecognition?.();
    const controller = new AbortController();
    controller.abort();
    aborted?.push(speech);
    await expect(aborted?.finish(controller.signal)).rejects.toBeInstanceOf(SpeechRecognitionError);
    const cancelled = stt().startRecognition?.();
    cancelled?.push(speech);
    cancelled?.cancel();
  });
});

describe('SphinxStt', () => {
  it('hears nothing in silence', DECODE, async () => {
    const text = await new SphinxStt().transcribe({ samples: new Int16Array(16_000), sampleRate: 16_000 }, new AbortController().signal);
    expect(text).toBe('');
  });

  it('stops the decoder when aborted mid-way', async () => {
    const controller = new AbortController();
    const pending = new SphinxStt().transcribe({ samples: speech, sampleRate: 16_000 }, controller.signal);
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toThrow('aborted');
  });

  it('fails clearly when the CLI is missing', async () => {
    const stt = new SphinxStt({ binary: '/nonexistent/pocketsphinx_batch' });
    await expect(stt.transcribe({ samples: speech, sampleRate: 16_000 }, new AbortController().signal)).rejects.toThrow(
      'pocketsphinx could not start',
    );
  });

  it('reads the live decoder hypothesis and the posterior of each word', () => {
    const output = 'i need you\n<s> 0.000 0.190 0.999800\ni 0.200 0.300 0.959153\nneed 0.310 0.630 1.000200\n<sil> 0.640 0.700 1.0\nyou 0.710 0.800 0.085163\n</s> 0.81 0.9 1.0\n';
    expect(parseStreamingOutput(output)).toEqual({ text: 'i need you', wordConfidences: [0.959153, 1, 0.085163] });
    expect(parseStreamingOutput('')).toEqual({ text: '', wordConfidences: null });
  });

  it('reads the hypothesis line', () => {
    expect(parseHypothesis('i need a place to sleep (stdin -12687)\n')).toBe('i need a place to sleep');
    expect(parseHypothesis(' (stdin 0)\n')).toBe('');
    expect(parseHypothesis('')).toBe('');
  });
});

describe('OpenAiStt', () => {
  it('uploads the turn as a WAVE file with the model and key', async () => {
    await new OpenAiStt({ baseUrl: server.baseUrl, apiKey: 'test-key', model: 'whisper-1' }).transcribe(
      { samples: speech, sampleRate: 16_000 },
      new AbortController().signal,
    );
    const upload = server.uploads.at(-1);
    expect(upload?.model).toBe('whisper-1');
    expect(upload?.authorization).toBe('Bearer test-key');
    expect(upload?.audio.sampleRate).toBe(16_000);
    expect(upload?.audio.samples).toEqual(speech);
  });

  it('turns a server failure into SpeechRecognitionError', async () => {
    server.failNextWith = 503;
    await expect(
      new OpenAiStt({ baseUrl: server.baseUrl, apiKey: null, model: 'whisper-1' }).transcribe(
        { samples: speech, sampleRate: 16_000 },
        new AbortController().signal,
      ),
    ).rejects.toThrow('transcription server answered 503');
  });
});
