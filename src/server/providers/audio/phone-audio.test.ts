import { describe, expect, it } from 'vitest';
import { decodeMuLaw, encodeMuLaw, muLawFromSample, PhoneAudioDecoder, PhoneUpsampler, sampleFromMuLaw } from './phone-audio.ts';

function sine(frequency: number, sampleRate: number, count: number, delay = 0): Int16Array {
  return Int16Array.from({ length: count }, (_, index) => Math.round(10_000 * Math.sin((2 * Math.PI * frequency * (index - delay)) / sampleRate)));
}

describe('G.711 μ-law', () => {
  it('matches the standard code points', () => {
    // ITU-T G.711: silence is 0xFF, full scale 0x80 / 0x00, and decoding is the published table.
    expect(muLawFromSample(0)).toBe(0xff);
    expect(muLawFromSample(32767)).toBe(0x80);
    expect(muLawFromSample(-32768)).toBe(0x00);
    expect(sampleFromMuLaw(0xff)).toBe(0);
    expect(sampleFromMuLaw(0x80)).toBe(32124);
    expect(sampleFromMuLaw(0x00)).toBe(-32124);
    expect(sampleFromMuLaw(0xf0)).toBe(120);
  });

  it('round-trips every code and keeps speech-level samples within the step size', () => {
    for (let byte = 0; byte < 256; byte++) {
      // 0x7F and 0xFF are both zero (negative and positive zero).
      if (byte === 0x7f) continue;
      expect(muLawFromSample(sampleFromMuLaw(byte))).toBe(byte);
    }
    const samples = sine(440, 8_000, 800);
    const decoded = decodeMuLaw(encodeMuLaw(samples));
    for (let index = 0; index < samples.length; index++) {
      const original = samples[index] ?? 0;
      // Logarithmic steps: at most about 3 % of the magnitude, plus the smallest step.
      expect(Math.abs((decoded[index] ?? 0) - original)).toBeLessThanOrEqual(Math.abs(original) * 0.035 + 8);
    }
  });
});

describe('8 kHz → 16 kHz', () => {
  it('turns a tone at 8 kHz into the same tone at 16 kHz, 2 ms late', () => {
    const output = new PhoneUpsampler().push(sine(1_000, 8_000, 800));
    expect(output.length).toBe(1_600);
    const expected = sine(1_000, 16_000, 1_600, 32);
    let error = 0;
    for (let index = 100; index < 1_600; index++) error = Math.max(error, Math.abs((output[index] ?? 0) - (expected[index] ?? 0)));
    expect(error).toBeLessThan(300);
  });

  it('gives the same samples frame by frame as all at once', () => {
    const input = sine(700, 8_000, 1_600);
    const whole = new PhoneUpsampler().push(input);
    const upsampler = new PhoneUpsampler();
    const parts: number[] = [];
    for (let offset = 0; offset < input.length; offset += 160) parts.push(...upsampler.push(input.subarray(offset, offset + 160)));
    expect(Int16Array.from(parts)).toEqual(whole);
  });

  it('decodes μ-law frames straight to 16 kHz PCM, keeping images above 4 kHz for the recogniser', () => {
    const frame = encodeMuLaw(sine(500, 8_000, 800));
    const decoded = new PhoneAudioDecoder().push(frame);
    expect(decoded.length).toBe(1_600);
    // The 7.5 kHz image of the 500 Hz tone: band-limited output has almost none of it.
    const image = (samples: Int16Array) => {
      let re = 0;
      let im = 0;
      for (let index = 100; index < samples.length; index++) {
        re += (samples[index] ?? 0) * Math.cos((2 * Math.PI * 7_500 * index) / 16_000);
        im += (samples[index] ?? 0) * Math.sin((2 * Math.PI * 7_500 * index) / 16_000);
      }
      return Math.hypot(re, im) / samples.length;
    };
    const bandLimited = new PhoneUpsampler().push(sine(500, 8_000, 800));
    expect(image(bandLimited)).toBeLessThan(50);
    expect(image(decoded)).toBeGreaterThan(150);
  });
});
