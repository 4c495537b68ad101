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
  it('starts speaking on a level above 0.01 and ends after 1 s of quiet', () => {
    const detector = new SpeakingDetector();
    expect(detector.sample(0.01, 0)).toBe(false);
    expect(detector.sample(0.02, 100)).toBe(true);
    expect(detector.sample(0, 200)).toBe(true);
    expect(detector.sample(0, 1_099)).toBe(true);
    expect(detector.sample(0, 1_100)).toBe(false);
  });

  it('a loud sample inside the quiet second keeps speech going', () => {
    const detector = new SpeakingDetector();
    detector.sample(0.5, 0);
    detector.sample(0, 900);
    expect(detector.sample(0.05, 950)).toBe(true);
    expect(detector.sample(0, 1_900)).toBe(true);
    expect(detector.sample(0, 1_950)).toBe(false);
  });

  it('reset forgets speech', () => {
    const detector = new SpeakingDetector();
    detector.sample(0.5, 0);
    detector.reset();
    expect(detector.sample(0, 10)).toBe(false);
  });
});
