import { describe, expect, it } from 'vitest';
import { crisisLines, dialDigits } from '../../shared/crisis-lines.ts';
import { directoryContacts } from '../../shared/resource-directory.ts';
import { findHowToGuide, howToGuides, type HowToGuide } from './how-to-guides.ts';
import { createContactFilter } from './output-guard.ts';

function textsOf(guide: HowToGuide): string[] {
  return [guide.title, guide.intro, ...guide.steps, ...guide.bring, ...guide.where, ...Object.values(guide.countyNames ?? {})];
}

describe('how-to guides', () => {
  it('covers the needs of issue 13, each with steps, sources and a review date', () => {
    expect(howToGuides.map((guide) => guide.id).sort()).toEqual(
      ['birth-certificate', 'calfresh', 'eviction', 'expedited-calfresh', 'general-assistance', 'lifeline-phone', 'medi-cal', 'replace-id', 'shelter-tonight', 'ssi-ssdi', 'unemployment'].sort(),
    );
    for (const guide of howToGuides) {
      expect(guide.steps.length, guide.id).toBeGreaterThanOrEqual(2);
      expect(guide.sources.length, guide.id).toBeGreaterThanOrEqual(1);
      expect(Date.parse(guide.lastReviewed), guide.id).not.toBeNaN();
    }
  });

  it('shows only links and numbers that are its own sources or the directory', () => {
    const directory = directoryContacts();
    for (const guide of howToGuides) {
      const urls = [...directory.urls, ...guide.sources.map((source) => source.url)];
      const phoneDigits = [
        ...directory.phoneDigits,
        ...crisisLines.flatMap((line) => [line.phone, line.sms].filter((value): value is string => value !== undefined).map(dialDigits)),
        ...guide.sources.flatMap((source) => (source.phone ? [dialDigits(source.phone)] : [])),
      ];
      const filter = createContactFilter({ urls, phoneDigits });
      for (const text of textsOf(guide)) {
        expect(filter(text), guide.id).toBe(text);
        // Three-digit service numbers (211, 311, 911) slip past the phone pattern: checked here.
        for (const short of text.match(/(?<![\d-])\b[2-9]11\b(?![\d-])/g) ?? []) expect(phoneDigits, `${guide.id}: ${short}`).toContain(short);
      }
    }
  });

  it.each([
    ['how do I apply for food stamps', 'calfresh'],
    ['How can I sign up for CalFresh?', 'calfresh'],
    ['I have no money and no food, can I get CalFresh fast?', 'expedited-calfresh'],
    ['how do I sign up for Medi-Cal', 'medi-cal'],
    ['how do I get general assistance in San Francisco', 'general-assistance'],
    ['I got court papers for an eviction, what do I do', 'eviction'],
    ['how do I replace my lost ID card', 'replace-id'],
    ['how can I get a copy of my birth certificate', 'birth-certificate'],
    ['I was laid off, how do I file for unemployment', 'unemployment'],
    ['how do I apply for SSI disability', 'ssi-ssdi'],
    ['how can I get a free phone', 'lifeline-phone'],
    ['I need to replace my ID, it was stolen', 'replace-id'],
    ['can I get food stamps?', 'calfresh'],
    ['where do I get a birth certificate', 'birth-certificate'],
    ['how does expedited calfresh work', 'expedited-calfresh'],
    ['my landlord gave me a 3 day notice', 'eviction'],
  ])('%s → %s', (text, id) => {
    expect(findHowToGuide(text)?.id).toBe(id);
  });

  it('does not take a need for a how-to question', () => {
    expect(findHowToGuide("I'm hungry")).toBeNull();
    expect(findHowToGuide('I have nowhere to sleep tonight')).toBeNull();
  });
});
