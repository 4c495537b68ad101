import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPHINX_DEFAULTS } from '../sphinx-stt.ts';
import { dictionaryWords, sayableSegments } from './domain-language-model.ts';
import { extraPronunciationLines, SPOKEN_AS } from './extra-pronunciations.ts';

const DICTIONARY = 'bay B EY\nview V Y UW\na AH\na(2) EY\ns EH S\nf EH F\ni AY\nsf EH S EH F\n';

describe('pronunciations from the dictionary itself', () => {
  it('joins the parts of a compound and spells initials with the letters', () => {
    expect(extraPronunciationLines(DICTIONARY, { bayview: ['bay', 'view'], sfa: ['s', 'f', 'a'], ai: ['a', 'i'] })).toEqual([
      'bayview B EY V Y UW',
      'sfa EH S EH F EY',
      'ai EY AY',
    ]);
  });

  it('leaves out a word the dictionary already has', () => {
    expect(extraPronunciationLines(DICTIONARY, { sf: ['s', 'f'] })).toEqual([]);
  });

  it('refuses a part the dictionary lacks', () => {
    expect(() => extraPronunciationLines(DICTIONARY, { fruitvale: ['fruit', 'vale'] })).toThrow('the dictionary has no "fruit" to say "fruitvale" with');
  });

  it('finds every part of every added word in cmudict-en-us', () => {
    const cmudict = readFileSync(join(SPHINX_DEFAULTS.modelDir, 'cmudict-en-us.dict'), 'utf8');
    const lines = extraPronunciationLines(cmudict);
    expect(lines.map((line) => line.split(' ')[0])).toEqual(Object.keys(SPOKEN_AS));
    expect(lines).toContain('calfresh K AE L F R EH SH');
    expect(lines).toContain('ssi EH S EH S AY');
  });
});

describe('domain text the recogniser can say', () => {
  it('cuts sentences at words the dictionary lacks and lists those words', () => {
    const words = dictionaryWords('i AY\nneed N IY D\nfood F UW D\nfood(2) F UH D\nin IH N\n');
    expect([...words]).toEqual(['i', 'need', 'food', 'in']);
    const { segments, unknownWords } = sayableSegments([['i', 'need', 'calfresh', 'food', 'in', 'potrero']], words);
    expect(segments).toEqual([['i', 'need'], ['food', 'in']]);
    expect(unknownWords).toEqual(['calfresh', 'potrero']);
  });
});
