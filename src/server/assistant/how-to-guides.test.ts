import { describe, expect, it } from 'vitest';
import { crisisLines, dialDigits } from '../../shared/crisis-lines.ts';
import { directoryContacts } from '../../shared/resource-directory.ts';
import { SITE_LOCALES } from '../../shared/site-locales.ts';
import { findHowToGuide, guideTranslation, howToGuides, localizedGuide, type HowToGuide } from './how-to-guides.ts';
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
    // In the other languages, from their translated triggers.
    ['¿Cómo solicito cupones de comida?', 'calfresh'],
    ['¿Cómo puedo pedir el desempleo?', 'unemployment'],
    ['Recibí un aviso de desalojo, ¿qué hago? ¿Cómo puedo responder?', 'eviction'],
    ['點樣申請食物券？', 'calfresh'],
    ['我收到逼遷通知，怎樣做？', 'eviction'],
    ['Paano mag-apply para sa CalFresh?', 'calfresh'],
    ['Paano ako makakahanap ng matutulugan ngayong gabi?', 'shelter-tonight'],
    ['Làm sao để xin phiếu thực phẩm?', 'calfresh'],
    ['lam sao de lam lai the can cuoc', 'replace-id'],
  ])('%s → %s', (text, id) => {
    expect(findHowToGuide(text)?.id).toBe(id);
  });

  it('does not take a need for a how-to question', () => {
    expect(findHowToGuide("I'm hungry")).toBeNull();
    expect(findHowToGuide('I have nowhere to sleep tonight')).toBeNull();
  });

  describe('in every language', () => {
    // The same numbers and links, each at least once (a translation may also give the English form of a notice's name).
    const distinct = (values: readonly string[] | null | undefined) => [...new Set(values ?? [])].sort();
    const numbersOf = (texts: readonly string[]) => distinct(texts.join(' ').match(/\d+(?:[-.]\d+)*/g));
    const urlsOf = (texts: readonly string[]) => distinct(texts.join(' ').match(/https?:\/\/\S+/g));

    it.each(SITE_LOCALES.filter((locale) => locale !== 'en'))('%s: every guide is translated, with the same numbers, links and sources', (locale) => {
      for (const guide of howToGuides) {
        expect(guideTranslation(guide.id, locale), `${locale}/${guide.id}`).toBeDefined();
        const translated = localizedGuide(guide, locale);
        expect(translated.sources).toEqual(guide.sources);
        expect(translated.lastReviewed).toBe(guide.lastReviewed);
        expect(translated.steps.length).toBe(guide.steps.length);
        expect(Object.keys(translated.countyNames ?? {})).toEqual(Object.keys(guide.countyNames ?? {}));
        for (const [index, step] of translated.steps.entries()) {
          expect(numbersOf([step]), `${locale}/${guide.id} step ${index + 1}`).toEqual(numbersOf([guide.steps[index] ?? '']));
        }
        expect(numbersOf(textsOf(translated)), `${locale}/${guide.id}`).toEqual(numbersOf(textsOf(guide)));
        expect(urlsOf(textsOf(translated)), `${locale}/${guide.id}`).toEqual(urlsOf(textsOf(guide)));
      }
    });
  });
});
