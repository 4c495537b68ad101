import { describe, expect, it } from 'vitest';
import { linkParts } from './message-text.tsx';

describe('links in model text', () => {
  it('makes http(s) addresses links, without the sentence punctuation after them', () => {
    expect(linkParts('See https://sfserviceguide.org/food. Or http://211bayarea.org, (https://988lifeline.org)')).toEqual([
      { text: 'See ' },
      { text: 'https://sfserviceguide.org/food', href: 'https://sfserviceguide.org/food' },
      { text: '. Or ' },
      { text: 'http://211bayarea.org', href: 'http://211bayarea.org/' },
      { text: ', (' },
      { text: 'https://988lifeline.org', href: 'https://988lifeline.org/' },
      { text: ')' },
    ]);
  });

  it('never links other schemes, and keeps markup as plain text', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'tel:988', '<a href="javascript:x">x</a>', 'www.example.org']) {
      expect(linkParts(text)).toEqual([{ text }]);
    }
  });

  it('shows a named link by its name', () => {
    expect(linkParts('• [BenefitsCal](https://benefitscal.com/): apply online. [x](javascript:alert(1))')).toEqual([
      { text: '• ' },
      { text: 'BenefitsCal', href: 'https://benefitscal.com/' },
      { text: ': apply online. [x](javascript:alert(1))' },
    ]);
  });

  it('leaves plain text alone', () => {
    expect(linkParts('')).toEqual([]);
    expect(linkParts('Call 211 any time.')).toEqual([{ text: 'Call 211 any time.' }]);
  });
});
