import { describe, expect, it } from 'vitest';
import { SpeakingDetector, volumeBand, volumeFromLevel } from './audio-levels.ts';

describe('volumeFromLevel', () => {
  it('divides by 0.15 and caps at 1', () => {
    expect(volumeFromLevel(0)).toBe(0);
    expect(volumeFromLevel(0.03)).toBeCloseTo(0.2, 10);
    expect(volumeFromLevel(0.075)).toBeCloseTo(0.5, 10);
    expect(volumeFromLevel(0.15)).toBe(1);
    expect(volumeFromLevel(0.9)).toBe(1);
  });

  it('treats negative and non-numbers as silence', () => {
    expect(volumeFromLevel(-0.2)).toBe(0);
    expect(volumeFromLevel(Number.NaN)).toBe(0);
  });
});

describe('volumeBand', () => {
  it.each([
    [0, 'silent'],
    [0.1, 'silent'],
    [0.11, 'low'],
    [0.3, 'low'],
    [0.31, 'medium'],
    [0.7, 'medium'],
    [0.71, 'high'],
    [1, 'high'],
  ] as const)('volume %s is %s', (volume, band) => {
    expect(volumeBand(volume)).toBe(band);
  });
});

describe('SpeakingDetector', () => {
  // Each step is [level, time in ms, whether it is speech then]; a step without the third only feeds the detector.
  it.each([
    {
      what: 'starts speaking on a level above 0.01 and ends after 1 s of quiet',
      steps: [[0.01, 0, false], [0.02, 100, true], [0, 200, true], [0, 1_099, true], [0, 1_100, false]],
    },
    {
      what: 'a loud sample inside the quiet second keeps speech going',
      steps: [[0.5, 0], [0, 900], [0.05, 950, true], [0, 1_900, true], [0, 1_950, false]],
    },
  ] as { what: string; steps: [number, number, boolean?][] }[])('$what', ({ steps }) => {
    const detector = new SpeakingDetector();
    for (const [level, atMs, speaking] of steps) {
      const result = detector.sample(level, atMs);
      if (speaking !== undefined) expect(result).toBe(speaking);
    }
  });

  it('reset forgets speech', () => {
    const detector = new SpeakingDetector();
    detector.sample(0.5, 0);
    detector.reset();
    expect(detector.sample(0, 10)).toBe(false);
  });
});
