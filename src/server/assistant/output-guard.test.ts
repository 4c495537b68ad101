import { describe, expect, it } from 'vitest';
import {
  allowedContacts,
  createContactFilter,
  createStreamingOutputGuard,
  REMOVED_LINK_TEXT,
  REMOVED_NUMBER_TEXT,
} from './output-guard.ts';

const allowed = allowedContacts({ phoneNumber: '+14155550123' });
const filter = createContactFilter(allowed);

describe('output guard', () => {
  it('keeps the numbers and links of the directory, the crisis lines and the configuration', () => {
    const text =
      'Call or text 988, call 1-800-799-7233 or (800) 799-7233, dial 211, text HOME to 741741, call Ellis at (415) 555-0123 or +1 415 555 0123, ' +
      'NAMI at 1-800-950-NAMI, see https://www.211bayarea.org/ or 211bayarea.org and https://www.sfserviceguide.org/search?query=food%20pantry.';
    expect(filter(text)).toBe(text);
  });

  it('removes numbers and links that are not listed, whatever their form', () => {
    expect(filter('Call 415-555-0199 now.')).toBe(`Call ${REMOVED_NUMBER_TEXT} now.`);
    expect(filter('Call (510) 555 0100.')).toBe(`Call ${REMOVED_NUMBER_TEXT}.`);
    expect(filter('Call +44 20 7946 0958.')).toBe(`Call ${REMOVED_NUMBER_TEXT}.`);
    expect(filter('Call 555-0100.')).toBe(`Call ${REMOVED_NUMBER_TEXT}.`);
    expect(filter('Call 1-800-HELP-NOW.')).toBe(`Call 1-800-HELP-NOW.`);
    expect(filter('Call 1-800-555-HELP.')).toBe(`Call ${REMOVED_NUMBER_TEXT}.`);
    expect(filter('Visit https://made-up-shelter.org/beds.')).toBe(`Visit ${REMOVED_LINK_TEXT}.`);
    expect(filter('Visit www.fakehelp.com or fakehelp.org!')).toBe(`Visit ${REMOVED_LINK_TEXT} or ${REMOVED_LINK_TEXT}!`);
    expect(filter('Email help@shelter.org today')).toBe(`Email ${REMOVED_LINK_TEXT} today`);
    // A page the directory does not list, on a site it does, is still a guess.
    expect(filter('https://www.sfserviceguide.org/organizations/123')).toBe(REMOVED_LINK_TEXT);
  });

  it('leaves ordinary numbers alone: dates, years, money, counts, zip codes', () => {
    const text = 'On 2024-05-01 I paid $1,200 for 3 weeks; zip 94103; from 2019-2024; at 10:30.';
    expect(filter(text)).toBe(text);
  });

  const samples = [
    'Call 415-555-0199 or text 988. Visit https://made-up.org/x, or www.211bayarea.org.',
    'Ellis is at (415) 555-0123; the hotline is 1-800-799-7233 and NAMI is 1-800-950-NAMI. Fake: +1 (650) 555-0142!',
    'Try fakehelp.org/shelter or email a@b.co; 211bayarea.org works. In 2024 I had 2 kids. Call 1-800-555-HELP.',
  ];

  it.each(samples)('gives the same text however the stream is split in two: %s', (text) => {
    const expected = filter(text);
    for (let cut = 0; cut <= text.length; cut += 1) {
      const guard = createStreamingOutputGuard(allowed);
      const output = guard.push(text.slice(0, cut)) + guard.push(text.slice(cut)) + guard.flush();
      expect(output, `split at ${cut}`).toBe(expected);
    }
  });

  it.each(samples)('gives the same text split in three at every pair of positions: %s', (text) => {
    const expected = filter(text);
    for (let first = 0; first <= text.length; first += 3) {
      for (let second = first; second <= text.length; second += 1) {
        const guard = createStreamingOutputGuard(allowed);
        const output =
          guard.push(text.slice(0, first)) + guard.push(text.slice(first, second)) + guard.push(text.slice(second)) + guard.flush();
        expect(output, `split at ${first}/${second}`).toBe(expected);
      }
    }
  });

  it('never releases part of a number or link before it can decide', () => {
    const guard = createStreamingOutputGuard(allowed);
    const released = [...'Call 415-555-0199 now'].map((character) => guard.push(character)).join('') + guard.flush();
    expect(released).toBe(`Call ${REMOVED_NUMBER_TEXT} now`);
    const partial = createStreamingOutputGuard(allowed);
    expect(partial.push('Call 415-555-01')).toBe('Call ');
    expect(partial.push('99 today')).toBe(`${REMOVED_NUMBER_TEXT} `);
    expect(partial.flush()).toBe('today');
  });

  it('releases plain words as they complete', () => {
    const guard = createStreamingOutputGuard(allowed);
    expect(guard.push('I hear you. ')).toBe('I hear you. ');
    expect(guard.push('That sounds ha')).toBe('That sounds ');
    expect(guard.push('rd.')).toBe('');
    expect(guard.flush()).toBe('hard.');
  });
});
