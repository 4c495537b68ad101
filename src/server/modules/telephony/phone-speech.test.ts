import { describe, expect, it } from 'vitest';
import {
  asksForNext,
  asksForPerson,
  asksToRepeat,
  forTheEar,
  PHONE_REPEAT_OFFER,
  PhoneReplyShaper,
  spokenDigits,
  type ShapedReply,
} from './phone-speech.ts';

describe('replies for the ear', () => {
  it('reads numbers digit by digit, phone numbers in their groups, and leaves prices, times and counts', () => {
    expect(spokenDigits('Call 211 or text HOME to 741741.')).toBe('Call 2 1 1 or text HOME to 7 4 1 7 4 1.');
    expect(spokenDigits('Call 415-555-0123 today.')).toBe('Call 4 1 5, 5 5 5, 0 1 2 3 today.');
    expect(spokenDigits('Call 1-800-273-8255.')).toBe('Call 1, 8 0 0, 2 7 3, 8 2 5 5.');
    expect(spokenDigits('Lunch is $12 at 11:30 for 2 people.')).toBe('Lunch is $12 at 11:30 for 2 people.');
    expect(spokenDigits('It is at 1650 Mission Street.')).toBe('It is at 1 6 5 0 Mission Street.');
    expect(spokenDigits('Hang up and call 9 1 1.')).toBe('Hang up and call 9 1 1.');
  });

  it('drops links and "above", strips formatting, and says to hang up before calling 911', () => {
    expect(forTheEar('You could look up GLIDE in the SF Service Guide, at sfserviceguide.org.')).toBe(
      'You could look up GLIDE in the SF Service Guide online.',
    );
    expect(forTheEar('More at https://www.sfhsa.org/services/food today.')).toBe('More online today.');
    expect(forTheEar('You can visit www.sf.gov/shelter for a bed.')).toBe('You can visit them online for a bed.');
    expect(forTheEar('Any of the **options above** can help (see above).')).toBe('Any of the options I mentioned can help.');
    expect(forTheEar('See [the guide](https://example.org) for hours.')).toBe('See the guide for hours.');
    expect(forTheEar('Call (415) 555-0123.')).toBe('Call 4 1 5, 5 5 5, 0 1 2 3.');
    expect(forTheEar("If you're in danger right now, please call 911.")).toBe("If you're in danger right now, please hang up and call 9 1 1.");
  });
});

describe('PhoneReplyShaper', () => {
  it('reads one option of a list, keeps the rest for "next", and offers them', () => {
    let done: ShapedReply | null = null;
    const shaper = new PhoneReplyShaper({ closing: () => null, onDone: (reply) => (done = reply) });
    expect(shaper.sentence('Here are some places that serve meals:')).toBe('Here are some places that serve meals:');
    expect(shaper.sentence('- GLIDE, 330 Ellis Street, breakfast and lunch.')).toBe('GLIDE, 3 3 0 Ellis Street, breakfast and lunch.');
    expect(shaper.sentence('- St. Anthony Foundation, 150 Golden Gate Avenue.')).toBe('');
    expect(shaper.sentence('2. Martin de Porres House of Hospitality.')).toBe('');
    expect(shaper.finish()).toBe('I have 2 more options. To hear the next one, say next. To hear that again, say repeat.');
    expect(done).toEqual({
      spoken: ['Here are some places that serve meals:', 'GLIDE, 3 3 0 Ellis Street, breakfast and lunch.'],
      moreOptions: ['St. Anthony Foundation, 1 5 0 Golden Gate Avenue.', 'Martin de Porres House of Hospitality.'],
    });
  });

  it('offers to repeat a reply with a number, adds the channel closing, and adds nothing to small talk', () => {
    const withNumber = new PhoneReplyShaper({ closing: () => null, onDone: () => {} });
    withNumber.sentence('You can call 211 any time.');
    expect(withNumber.finish()).toBe(PHONE_REPEAT_OFFER);

    const crisis = new PhoneReplyShaper({ closing: () => 'Press 0 for the Lifeline.', onDone: () => {} });
    crisis.sentence("I'm really glad you told me.");
    expect(crisis.finish()).toBe('Press 0 for the Lifeline.');

    const plain = new PhoneReplyShaper({ closing: () => null, onDone: () => {} });
    plain.sentence('That sounds really hard.');
    expect(plain.finish()).toBe('');
  });
});

describe('what the caller asks of the line', () => {
  it('recognises a request for a person, and not a mention of people', () => {
    for (const text of ['can I talk to a person', 'I want to speak to a real person please', 'operator', 'connect me with someone', 'representative']) {
      expect(asksForPerson(text), text).toBe(true);
    }
    for (const text of ['I need a place to sleep', 'there are too many people at the shelter', 'my person left me']) {
      expect(asksForPerson(text), text).toBe(false);
    }
  });

  it('recognises repeat and next only as the whole request', () => {
    const repeatRequests = ['repeat', 'can you say that again', 'please repeat that'];
    expect(repeatRequests.filter(asksToRepeat)).toEqual(repeatRequests);
    expect(asksToRepeat('I keep repeating myself to everyone')).toBe(false);
    const nextRequests = ['next', 'the next one please'];
    expect(nextRequests.filter(asksForNext)).toEqual(nextRequests);
    expect(asksForNext('next week I lose my apartment')).toBe(false);
  });
});
