import { describe, expect, it } from 'vitest';
import { composePracticalReply, composeRepeat, localHelpAfterCrisis, speakNumber, speakNumbersIn } from './directory-reply.ts';
import { guideWording } from './guide-wording.ts';
import { groundTurn } from './grounding.ts';
import { allowedContacts, createContactFilter, REMOVED_NUMBER_TEXT, withServiceContacts } from './output-guard.ts';
import { createFakeServiceLookup, sampleService } from './testing/fake-service-lookup.ts';

const PLACE_QUESTION = guideWording('en').directory.placeQuestion;

const at = new Date('2026-11-24T19:00:00-08:00');
const shelter = sampleService({ open: { status: 'open', closes_at: '2026-11-25T07:00:00-08:00', opens_at: null } });

describe('speakNumber', () => {
  it.each([
    ['(510) 555-0100', '5 1 0, 5 5 5, 0 1 0 0'],
    ['1-800-772-1213', '1, 8 0 0, 7 7 2, 1 2 1 3'],
    ['211', '2 1 1'],
  ])('%s → %s', (number, spoken) => expect(speakNumber(number)).toBe(spoken));
});

describe('speakNumbersIn', () => {
  it('speaks phone numbers, 211 and 988, and leaves other numbers alone', () => {
    expect(speakNumbersIn('Call 988 or 211, or (415) 555-0100; open 9 to 5, $1,200, zip 94110.')).toBe(
      'Call 9 8 8 or 2 1 1, or 4 1 5, 5 5 5, 0 1 0 0; open 9 to 5, $1,200, zip 94110.',
    );
  });
});

describe('practical replies', () => {
  const directory = createFakeServiceLookup(() => [shelter]);

  it('answers "nowhere to sleep tonight in Oakland" with Alameda County places and how to reach them now', async () => {
    const grounding = await groundTurn('I got evicted and have nowhere to sleep tonight in Oakland', [], { directory, at });
    expect(grounding.place?.county).toBe('Alameda');
    expect(directory.queries.at(-1)).toMatchObject({ category: 'housing', near: 'Oakland' });
    const reply = composePracticalReply({ history: [], channel: 'chat', grounding }) ?? '';
    expect(reply).toContain('In Alameda County, near Oakland, for tonight (open now first):');
    expect(reply).toContain('[Sample Night Shelter](https://shelter.example.org/): Open now until 7 AM');
    expect(reply).toContain('Call (510) 555-0100');
    expect(reply).toContain('dial 211');
    expect(reply).not.toContain('evicted');
  });

  it('puts services for who the person is first (a veteran)', async () => {
    const lookup = createFakeServiceLookup(() => [shelter, sampleService({ id: 'vet', name: 'Veterans Bed Program', tags: ['veterans'], phones: [{ number: '(510) 555-0142', description: null }], open: { status: 'unknown', closes_at: null, opens_at: null } })]);
    const grounding = await groundTurn("I'm a veteran and homeless in Oakland, need a bed tonight", [], { directory: lookup, at });
    expect(grounding.services.map((service) => service.name)).toEqual(['Veterans Bed Program', 'Sample Night Shelter']);
  });

  it('after a crisis reply, adds help open near the person, without a question', async () => {
    const lookup = createFakeServiceLookup(() => [sampleService({ name: 'Family Justice Center', categories: ['crisis'] })]);
    const grounding = await groundTurn('domestic violence help in Oakland right now', [], { directory: lookup, at });
    expect(lookup.queries.at(-1)).toMatchObject({ category: 'crisis', near: 'Oakland' });
    const local = localHelpAfterCrisis(grounding, 'chat') ?? '';
    expect(local).toContain('In Alameda County, near Oakland, for safety and support (open now first):');
    expect(local).toContain('Family Justice Center');
    expect(local).not.toContain('?');
  });

  it('in voice reads no link and says numbers digit by digit, and offers to repeat', async () => {
    const grounding = await groundTurn('I need a shelter tonight, I am in Oakland', [], { directory, at });
    const reply = composePracticalReply({ history: [], channel: 'voice', grounding }) ?? '';
    expect(reply).not.toMatch(/https?:|\]\(|above/);
    expect(reply).toContain('The number is 5 1 0, 5 5 5, 0 1 0 0.');
    expect(reply).toContain('I can say any number again, slowly');
  });

  it('asks once where the person is, then uses the answer for the earlier need', async () => {
    const first = await groundTurn('where can I get food', [], { directory, at });
    const question = composePracticalReply({ history: [], channel: 'chat', grounding: first }) ?? '';
    expect(question).toContain(PLACE_QUESTION);
    expect(question.match(/\?/g)).toHaveLength(1);

    const history = [
      { role: 'user' as const, content: 'where can I get food' },
      { role: 'assistant' as const, content: question },
    ];
    const answer = await groundTurn('Hayward', history, { directory, at });
    expect(answer.needs[0]).toBe('food');
    expect(answer.placeAnswered).toBe(true);
    expect(answer.place?.county).toBe('Alameda');
    expect(composePracticalReply({ history, channel: 'chat', grounding: answer })).not.toContain('?');

    // Not answered: the question is not asked a second time.
    const unanswered = await groundTurn('I am hungry', history, { directory, at });
    expect(composePracticalReply({ history, channel: 'chat', grounding: unanswered })).toBeNull();
  });

  it('asks a second time, once, when the answer names no place it knows', async () => {
    const history = [
      { role: 'user' as const, content: 'I need food' },
      { role: 'assistant' as const, content: `I can look for food that is open today near you. ${PLACE_QUESTION}` },
    ];
    const grounding = await groundTurn('somewhere in the east bay', history, { directory, at });
    expect(grounding.needs[0]).toBe('food');
    const retry = composePracticalReply({ history, channel: 'chat', grounding }) ?? '';
    expect(retry).toBe("I couldn't find that place. Which city or ZIP code is closest to you? Or dial 211, day or night.");
    const again = [...history, { role: 'user' as const, content: 'somewhere in the east bay' }, { role: 'assistant' as const, content: retry }];
    expect(composePracticalReply({ history: again, channel: 'chat', grounding: await groundTurn('idk', again, { directory, at }) })).toBeNull();
  });

  it('repeats the numbers slowly in voice, and the list in chat', () => {
    const voice = [{ role: 'assistant' as const, content: 'Sample Night Shelter: Open now. The number is 5 1 0, 5 5 5, 0 1 0 0. I can say any number again, slowly.' }];
    expect(composeRepeat('can you repeat the number slowly', voice, 'voice')).toBe('Of course. Sample Night Shelter, the number is 5 1 0... 5 5 5... 0 1 0 0.');
    const chat = [{ role: 'assistant' as const, content: 'For tonight:\n• [A](https://a.example/): Call 211\n\nIf these are full, dial 211.' }];
    expect(composeRepeat('say that again', chat, 'chat')).toBe('Of course, here it is again:\n• [A](https://a.example/): Call 211');
    expect(composeRepeat('thanks', chat, 'chat')).toBeNull();
  });

  it('gives the steps for a how-to question, with its official source and review date', async () => {
    const grounding = await groundTurn('how do I apply for food stamps', [], { directory, at });
    const reply = composePracticalReply({ history: [], channel: 'chat', grounding }) ?? '';
    expect(reply).toMatch(/^1\. Apply online at BenefitsCal/m);
    expect(reply).toContain('[BenefitsCal](https://benefitscal.com/)');
    expect(reply).toContain('Last reviewed November 23, 2026.');
  });

  it('says so when the directory lists nothing there, and gives 211', async () => {
    const empty = createFakeServiceLookup(() => []);
    const grounding = await groundTurn('I need food, I live in Napa', [], { directory: empty, at });
    expect(composePracticalReply({ history: [], channel: 'chat', grounding })).toBe(
      "Let's find you some food.\n\nI don't have a listing for that in Napa County yet. 211 knows what is open there: dial 211, day or night.",
    );
  });

  it('without a directory, asks for no place and leaves the reply to the guide', async () => {
    const grounding = await groundTurn('where can I get food', [], { directory: null, at });
    expect(composePracticalReply({ history: [], channel: 'chat', grounding })).toBeNull();
  });
});

describe('output guard with the services of the turn', () => {
  it("accepts a listed service's number and still removes any other", () => {
    const filter = createContactFilter(withServiceContacts(allowedContacts({ phoneNumber: null }), [shelter]));
    expect(filter('Call (510) 555-0100 or https://shelter.example.org/ tonight.')).toBe('Call (510) 555-0100 or https://shelter.example.org/ tonight.');
    expect(filter('Or call (510) 555-0199.')).toBe(`Or call ${REMOVED_NUMBER_TEXT}.`);
    expect(filter('Apply at https://benefitscal.com/ today.')).toBe('Apply at https://benefitscal.com/ today.');
  });
});
