import { describe, expect, it } from 'vitest';
import { FakeVad } from '../../providers/vad/testing/fake-vad.ts';
import { DEFAULT_VOICE_CALL_SETTINGS } from './voice-call-settings.ts';
import { TurnDetector } from './turn-detector.ts';
import { silence, tone } from './testing/voice-kit.ts';

async function detectorWith(settings: Partial<typeof DEFAULT_VOICE_CALL_SETTINGS> = {}) {
  const events: string[] = [];
  const turns: Int16Array[] = [];
  let clock = 0;
  const detector = new TurnDetector({
    detector: await new FakeVad().createDetector(),
    settings: { ...DEFAULT_VOICE_CALL_SETTINGS, turnEndSilenceMs: 100, minSpeechMs: 40, preRollMs: 60, ...settings },
    // Each 20 ms frame advances the clock, as real audio arriving would.
    now: () => clock,
    events: {
      onSpeechStart: () => events.push(`speech-start@${clock}`),
      onTurnEnd: (audio, endOfTurnMs) => {
        events.push(`turn-end:${endOfTurnMs}`);
        turns.push(audio);
      },
    },
  });
  const feed = async (samples: Int16Array) => {
    for (let offset = 0; offset < samples.length; offset += 320) {
      detector.push(samples.subarray(offset, offset + 320));
      await detector.idle();
      clock += 20;
    }
  };
  return { detector, events, turns, feed };
}

function peak(samples: Int16Array): number {
  return samples.reduce((loudest, sample) => Math.max(loudest, Math.abs(sample)), 0);
}

describe('TurnDetector', () => {
  it('starts a turn after enough speech, keeps the pre-roll, and ends it after the pause', async () => {
    const { events, turns, feed } = await detectorWith();
    await feed(silence(200));
    await feed(tone(300));
    expect(events).toEqual(['speech-start@220']);
    await feed(silence(200));
    // Last speech frame at 480 ms; the fifth silent frame (100 ms) ends the turn at 580 ms.
    expect(events).toEqual(['speech-start@220', 'turn-end:100']);
    // The pre-roll (60 ms: 20 ms of silence and the 40 ms that started speech), the other 260 ms
    // of tone and the 100 ms pause.
    expect(turns[0]?.length).toBe(((20 + 300 + 100) * 16_000) / 1000);
  });

  it('ignores a click shorter than the minimum speech', async () => {
    const { events, feed } = await detectorWith();
    await feed(tone(20));
    await feed(silence(300));
    expect(events).toEqual([]);
  });

  it('waits out a pause shorter than the turn end and keeps one turn', async () => {
    const { events, feed } = await detectorWith();
    await feed(tone(200));
    await feed(silence(60));
    await feed(tone(200));
    await feed(silence(120));
    expect(events.filter((event) => event.startsWith('turn-end'))).toHaveLength(1);
  });

  it('forgets a turn in progress on reset', async () => {
    const { detector, events, feed } = await detectorWith();
    await feed(tone(200));
    detector.reset();
    await feed(silence(300));
    expect(events.filter((event) => event.startsWith('turn-end'))).toEqual([]);
  });

  it('lifts a quiet caller to a level the detector hears, and never turns a loud one down', async () => {
    const quiet = Int16Array.from(tone(600), (sample) => Math.round(sample / 40));
    const boosted = await detectorWith();
    await boosted.feed(quiet);
    expect(boosted.events).toHaveLength(1);
    await boosted.feed(silence(200));
    // The turn handed on (to recognition) is the lifted audio: by the end more than four times as loud.
    expect(peak(boosted.turns[0]!.subarray(-((200 * 16_000) / 1000)))).toBeGreaterThan(4 * peak(quiet));

    const off = await detectorWith({ maxGain: 1 });
    await off.feed(quiet);
    expect(off.events).toEqual([]);

    const loud = await detectorWith();
    await loud.feed(tone(600));
    await loud.feed(silence(200));
    // Untouched: the whole tone (its first 40 ms are the pre-roll) and the 100 ms pause.
    expect(loud.turns[0]).toEqual(Int16Array.from([...tone(600), ...silence(100)]));
  });
});
