/**
 * Crisis detection on messages its rules were not written from (crisis-holdout.json).
 *
 * Each round was written, measured once against the detector of that moment ("blind"), committed,
 * and only then used to widen the rules; so every round below is now seen, and the blind numbers
 * are the honest measure of how the detector meets phrasings nobody has shown it yet.
 *
 * round (crisis/not)   detector at 430c3c3 (before)     detector just before the round was used (blind)
 * first  (149/139)     recall 42.3%, false alarms 7.9%  same: it was written first
 * second  (75/74)      recall 33.3%, false alarms 12.2% recall 41.3%, false alarms 9.5%  (3accf29)
 * third   (60/59)      recall 23.3%, false alarms 10.2% recall 55.0%, false alarms 8.5%  (7da27ee)
 * fourth  (50/50)      recall 32.0%, false alarms 6.0%  recall 64.0%, false alarms 8.0%  (e3b5817)
 * fifth   (50/50)      recall 18.0%, false alarms 10.0% recall 30.0%, false alarms 12.0% (e6daa71, unusual phrasings)
 * sixth   (50/50)      recall 66.0%, false alarms 4.0%  recall 76.0%, false alarms 4.0%  (bc34fcb, realistic mix)
 * seventh (50/50)      recall 68.0%, false alarms 10.0% recall 82.0%, false alarms 6.0%  (cf3b437, realistic mix, last blind round)
 *
 * After using all seven rounds: recall 97–100% and false alarms 0–2.7% on each (the test prints the
 * exact figures). Rules learn the phrasings they are shown; keep adding a fresh round, measured
 * once before it is used, whenever the rules change.
 */
import { describe, expect, it } from 'vitest';
import examples from './crisis-examples.json' with { type: 'json' };
import holdout from './crisis-holdout.json' with { type: 'json' };
import { detectCrisis } from './crisis-detection.ts';

interface LabelledSet {
  crisis: string[];
  notCrisis: string[];
}

function measure(set: LabelledSet) {
  // Since issue 12 the layer answers exhaustion said outright ("I can't do this anymore") at
  // concern, with a direct screening question rather than the crisis reply: a crisis message counts
  // as caught when the layer acts (concern or above); a false alarm is still only crisis or above.
  const acts = (text: string) => detectCrisis(text) !== null;
  const alarms = (text: string) => ['crisis', 'immediate-danger'].includes(detectCrisis(text)?.level ?? 'none');
  const missed = set.crisis.filter((text) => !acts(text));
  const falseAlarms = set.notCrisis.filter((text) => alarms(text));
  return {
    crisisMessages: set.crisis.length,
    notCrisisMessages: set.notCrisis.length,
    recall: (set.crisis.length - missed.length) / set.crisis.length,
    falseAlarmRate: falseAlarms.length / set.notCrisis.length,
    missed,
    falseAlarms,
  };
}

const laterRounds = {
  second: holdout.secondRound,
  third: holdout.thirdRound,
  fourth: holdout.fourthRound,
  fifth: holdout.fifthRound,
  sixth: holdout.sixthRound,
  seventh: holdout.seventhRound,
};

describe('crisis detection beyond its labelled set', () => {
  it('keeps every labelled crisis and at most 5% false alarms on crisis-examples.json', () => {
    const labelled = measure(examples);
    console.log(JSON.stringify({ labelled }));
    expect(labelled.missed).toEqual([]);
    expect(labelled.falseAlarmRate).toBeLessThanOrEqual(0.05);
  });

  it('reaches 95% recall and at most 8% false alarms on the first held-out round', () => {
    const firstRound = measure(holdout);
    console.log(JSON.stringify({ firstRound }));
    expect(holdout.crisis.length).toBeGreaterThanOrEqual(120);
    expect(holdout.notCrisis.length).toBeGreaterThanOrEqual(120);
    expect(firstRound.recall).toBeGreaterThanOrEqual(0.95);
    expect(firstRound.falseAlarmRate).toBeLessThanOrEqual(0.08);
  });

  it.each(Object.entries(laterRounds))('does not lose what the %s round taught it', (round, set) => {
    const result = measure(set);
    console.log(JSON.stringify({ round, ...result }));
    expect(result.recall).toBeGreaterThanOrEqual(0.95);
    expect(result.falseAlarmRate).toBeLessThanOrEqual(0.08);
  });
});
