import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floatFromPcm16 } from '../audio/pcm.ts';
import { synthesizeSpeech } from '../audio/testing/test-speech.ts';
import { FakeVad } from './testing/fake-vad.ts';
import { SileroVad } from './silero-vad.ts';
import type { VadProvider, VoiceActivityDetector } from './vad.ts';

let speech: Int16Array;
beforeAll(async () => {
  speech = await synthesizeSpeech('I lost my apartment and I need a place to sleep tonight.');
});

async function probabilities(detector: VoiceActivityDetector, samples: Int16Array): Promise<number[]> {
  const result: number[] = [];
  for (let offset = 0; offset + detector.frameSamples <= samples.length; offset += detector.frameSamples) {
    result.push(await detector.speechProbability(floatFromPcm16(samples.subarray(offset, offset + detector.frameSamples))));
  }
  return result;
}

const adapters: Array<[string, () => VadProvider]> = [
  ['fake', () => new FakeVad()],
  ['silero', () => new SileroVad()],
];

describe.each(adapters)('VadProvider contract: %s', (_name, create) => {
  const provider = create();
  afterAll(() => provider.close());

  it('hears no speech in silence', async () => {
    const detector = await provider.createDetector();
    expect(detector.frameSamples).toBeGreaterThan(0);
    const heard = await probabilities(detector, new Int16Array(16_000));
    expect(heard.length).toBeGreaterThan(10);
    expect(Math.max(...heard)).toBeLessThan(0.35);
  });

  it('hears speech, most of a spoken sentence', async () => {
    const detector = await provider.createDetector();
    const heard = await probabilities(detector, speech);
    expect(heard.every((probability) => probability >= 0 && probability <= 1)).toBe(true);
    expect(heard.filter((probability) => probability >= 0.5).length / heard.length).toBeGreaterThan(0.5);
  });

  it('keeps state per detector: two calls do not colour each other', async () => {
    const talking = await provider.createDetector();
    const quiet = await provider.createDetector();
    const [, silent] = await Promise.all([probabilities(talking, speech), probabilities(quiet, new Int16Array(speech.length))]);
    expect(Math.max(...silent)).toBeLessThan(0.35);
  });

  it('forgets after reset', async () => {
    const detector = await provider.createDetector();
    await probabilities(detector, speech);
    detector.reset();
    expect(Math.max(...(await probabilities(detector, new Int16Array(8_000))))).toBeLessThan(0.35);
  });
});
