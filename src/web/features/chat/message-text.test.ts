import { describe, expect, it } from 'vitest';
import { labelLinks, linkParts } from './message-text.tsx';

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
      { text: 'BenefitsCal', href: 'https://benefitscal.com/', named: true },
      { text: ': apply online. [x](javascript:alert(1))' },
    ]);
  });

  it('keeps the name a reply gave its link when labelling links', () => {
    const parts = labelLinks(linkParts('Official source: [BenefitsCal](https://benefitscal.com/)'), new Map());
    expect(parts.at(-1)).toEqual({ text: 'BenefitsCal', href: 'https://benefitscal.com/', named: true });
  });

  it('leaves plain text alone', () => {
    expect(linkParts('')).toEqual([]);
    expect(linkParts('Call 211 any time.')).toEqual([{ text: 'Call 211 any time.' }]);
  });
});

describe('link labels', () => {
  const names = new Map([
    ['https://www.sfmfoodbank.org/', ['SF-Marin Food Bank']],
    ['https://www.211bayarea.org/', ['Shelter help from 211', 'Food help from 211']],
  ]);

  it.each([
    {
      rule: '"• Name: address" becomes the name as the link',
      text: 'Some places:\n• SF-Marin Food Bank: https://www.sfmfoodbank.org/\n• Other',
      parts: [{ text: 'Some places:\n• ' }, { text: 'SF-Marin Food Bank', href: 'https://www.sfmfoodbank.org/' }, { text: '\n• Other' }],
    },
    {
      rule: 'picks the name the line already gives when services share an address',
      text: '• Food help from 211: call 211 or visit https://www.211bayarea.org/',
      parts: [{ text: '• Food help from 211: call 211 or visit ' }, { text: 'Food help from 211', href: 'https://www.211bayarea.org/' }],
    },
    {
      rule: "shows any other address as its site's name",
      text: 'See https://www.example.org/some/long/path?x=1 today',
      parts: [{ text: 'See ' }, { text: 'example.org', href: 'https://www.example.org/some/long/path?x=1' }, { text: ' today' }],
    },
  ])('$rule', ({ text, parts }) => {
    expect(labelLinks(linkParts(text), names)).toEqual(parts);
  });

  it('names every directory address with the real directory', () => {
    const labelled = labelLinks(linkParts('• 211 Bay Area: https://www.211bayarea.org/'));
    expect(labelled.every((part) => !part.href || !part.text.startsWith('http'))).toBe(true);
  });
});
