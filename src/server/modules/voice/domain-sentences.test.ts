import { describe, expect, it } from 'vitest';
import { domainSentences, spokenWords } from './domain-sentences.ts';

describe('domain sentences for the recogniser', () => {
  it('writes text as the words a caller says: digits one by one, no punctuation', () => {
    expect(spokenWords("Call 211 — it's free, 24/7. Medi-Cal & CalFresh!")).toEqual([
      'call', 'two', 'one', 'one', "it's", 'free', 'two', 'four', 'seven', 'medi', 'cal', 'calfresh',
    ]);
  });

  it('holds the guides, scenario turns, places and numbers, the same every time', () => {
    const sentences = domainSentences().map((words) => words.join(' '));
    expect(sentences).toEqual(domainSentences().map((words) => words.join(' ')));
    expect(sentences).toContain('find a shelter bed tonight'); // a guide's title
    expect(sentences).toContain('i got evicted and have nowhere to sleep tonight in oakland'); // a scenario turn
    expect(sentences).toContain('my zip code is nine four one one zero');
    expect(sentences).toContain('tenderloin');
    expect(sentences).toContain('can i talk to a real person');
  });

  it('leaves out the sentences the speech-recognition bench is scored on', () => {
    const sentences = new Set(domainSentences().map((words) => words.join(' ')));
    for (const tested of ['i need food and a place to sleep tonight', 'i need a place to sleep', 'where can i get a free meal in oakland', 'my kids and i need a shelter in san francisco']) {
      expect(sentences.has(tested), tested).toBe(false);
    }
  });
});
