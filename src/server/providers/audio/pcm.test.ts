import { describe, expect, it } from 'vitest';
import { bytesFromPcm16, pcm16FromBytes, resamplePcm16, rootMeanSquare } from './pcm.ts';
import { decodeWav, encodeWav } from './wav.ts';

function sine(frequency: number, sampleRate: number, seconds: number): Int16Array {
  const samples = new Int16Array(Math.round(sampleRate * seconds));
  for (let index = 0; index < samples.length; index++) samples[index] = Math.round(10_000 * Math.sin((2 * Math.PI * frequency * index) / sampleRate));
  return samples;
}

describe('PCM16 helpers', () => {
  it('round-trips little-endian bytes, also from an odd offset', () => {
    const samples = Int16Array.from([0, 1, -1, 32767, -32768, 1234]);
    const bytes = Buffer.concat([Buffer.from([9]), bytesFromPcm16(samples)]);
    expect(pcm16FromBytes(bytes.subarray(1))).toEqual(samples);
  });

  it('keeps a tone below the new Nyquist rate and removes one above it', () => {
    const kept = resamplePcm16({ samples: sine(1_000, 24_000, 0.5), sampleRate: 24_000 }, 16_000);
    expect(kept.length).toBe(8_000);
    expect(rootMeanSquare(kept)).toBeCloseTo(rootMeanSquare(sine(1_000, 16_000, 0.5)), 2);
    const removed = resamplePcm16({ samples: sine(11_000, 24_000, 0.5), sampleRate: 24_000 }, 16_000);
    expect(rootMeanSquare(removed)).toBeLessThan(0.1 * rootMeanSquare(sine(11_000, 24_000, 0.5)));
  });

  it('upsamples without changing the level', () => {
    const up = resamplePcm16({ samples: sine(440, 8_000, 0.5), sampleRate: 8_000 }, 16_000);
    expect(up.length).toBe(8_000);
    expect(rootMeanSquare(up)).toBeCloseTo(rootMeanSquare(sine(440, 16_000, 0.5)), 2);
  });
});

describe('WAVE files', () => {
  it('round-trips mono PCM16', () => {
    const audio = { samples: sine(300, 16_000, 0.1), sampleRate: 16_000 };
    expect(decodeWav(encodeWav(audio))).toEqual(audio);
  });

  it('skips extra chunks, keeps the first channel, and reads a streamed (unknown) data size', () => {
    const wav = encodeWav({ samples: Int16Array.from([1, -1, 2, -2]), sampleRate: 8_000 });
    wav.writeUInt16LE(2, 22); // now stereo: frames (1,-1) and (2,-2)
    wav.writeUInt32LE(0xffffffff, 40);
    const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([4, 0, 0, 0]), Buffer.from('INFO')]);
    const withList = Buffer.concat([wav.subarray(0, 36), list, wav.subarray(36)]);
    expect(decodeWav(withList)).toEqual({ samples: Int16Array.from([1, 2]), sampleRate: 8_000 });
  });

  it('refuses what is not PCM16 WAVE', () => {
    expect(() => decodeWav(Buffer.from('not a wave file at all'))).toThrow('not a WAVE file');
    const float = encodeWav({ samples: new Int16Array(4), sampleRate: 8_000 });
    float.writeUInt16LE(3, 20);
    expect(() => decodeWav(float)).toThrow('only PCM16');
  });
});
