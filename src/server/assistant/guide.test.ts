import { describe, expect, it } from 'vitest';
import { detectCrisis } from './crisis-detection.ts';
import { chunkLikeModel, composeGuideReply, type GuideInput } from './guide.ts';
import { groundNeeds } from './grounding.ts';

function input(userText: string, overrides: Partial<GuideInput> = {}): GuideInput {
  return { userText, history: [], grounding: groundNeeds(userText), channel: 'chat', crisis: null, ...overrides };
}

const questionsIn = (text: string) => text.match(/\?(?=\s|$)/g)?.length ?? 0;

describe('guide', () => {
  it("acknowledges what the person said without echoing their words back", () => {
    const reply = composeGuideReply(input("I got evicted last week and I'm sleeping in my car."));
    expect(reply).not.toContain('evicted last week');
    expect(reply).not.toContain('sleeping in your car');
    expect(reply).toContain('Emergency Shelter');
  });

  it('offers one to three directory entries and asks exactly one question', () => {
    for (const text of [
      'I lost my job and can\u2019t pay rent',
      'My kids are hungry',
      'I need a lawyer for my eviction',
      'I have a toothache and no insurance',
      'I feel so alone',
      'Necesito un lugar para dormir',
    ]) {
      const reply = composeGuideReply(input(text));
      const links = reply.match(/^• /gm)?.length ?? 0;
      expect(links, text).toBeLessThanOrEqual(3);
      expect(questionsIn(reply), text).toBe(1);
    }
  });

  it('does not ask what the person already said', () => {
    const reply = composeGuideReply(input('I have a court date for my eviction next week'));
    expect(reply).not.toContain('court date coming up');
    expect(reply).not.toContain('court papers');
  });

  it('is deterministic for a seed and varies across seeds', () => {
    const message = input('I need food for my family');
    expect(composeGuideReply(message, 7)).toBe(composeGuideReply(message, 7));
    const replies = new Set(Array.from({ length: 12 }, (_, seed) => composeGuideReply(message, seed)));
    expect(replies.size).toBeGreaterThan(3);
  });

  it('in voice speaks numbers digit by digit and offers to repeat them before its question', () => {
    const reply = composeGuideReply(input('my boyfriend is abusive', { channel: 'voice' }));
    expect(reply).toContain('1, 8 0 0, 7 9 9, 7 2 3 3');
    expect(reply).not.toContain('1-800');
    const paragraphs = reply.split('\n\n');
    expect(paragraphs.at(-2)).toBe('I can say any number again, slowly, or repeat what I said.');
    expect(paragraphs.at(-1)).toMatch(/\?$/);
  });

  it('speaks without links on voice calls', () => {
    const reply = composeGuideReply(input('I need a shelter tonight', { channel: 'voice' }));
    expect(reply).not.toMatch(/https?:\/\//);
    expect(reply).toContain('Emergency Shelter');
  });

  it('answers greetings, thanks and "are you a person" without listing services', () => {
    expect(composeGuideReply(input('hi'))).not.toContain('•');
    expect(composeGuideReply(input('thanks!'))).toContain("You're welcome");
    expect(composeGuideReply(input('Are you a real person?'))).toContain('AI assistant');
  });

  it('uses the earlier message when the new one names no need', () => {
    const history = [
      { role: 'user' as const, content: "I'm hungry" },
      { role: 'assistant' as const, content: 'Here are some places.' },
    ];
    const reply = composeGuideReply(input('where?', { history, grounding: groundNeeds('where?', history) }));
    expect(reply).toContain('Free Meals');
  });

  it('after a crisis reply adds only the other resources, with no question', () => {
    const text = 'I want to die, I lost my apartment and have nowhere to sleep';
    const reply = composeGuideReply(input(text, { crisis: detectCrisis(text) }));
    expect(reply).toContain('Emergency Shelter');
    expect(questionsIn(reply)).toBe(0);
    expect(composeGuideReply(input('I want to die', { crisis: detectCrisis('I want to die') }))).toBe('');
  });

  it('streams in pieces of one to three words that add up to the text', () => {
    const text = 'It sounds like you need a safe place to stay tonight.\n\nWhere are you staying right now?';
    const chunks = chunkLikeModel(text);
    expect(chunks.join('')).toBe(text);
    expect(chunks.length).toBeGreaterThan(6);
    for (const chunk of chunks) expect(chunk.trim().split(/\s+/).length).toBeLessThanOrEqual(3);
  });
});

describe('guide across a conversation', () => {
  const history = (...turns: Array<[string, string]>) =>
    turns.flatMap(([user, assistant]) => [
      { role: 'user' as const, content: user },
      { role: 'assistant' as const, content: assistant },
    ]);

  it('does not list again what it just listed, and does not ask what was already answered', () => {
    const earlier = history([
      "I haven't eaten since yesterday",
      'Here are some places that can help:\n• Free Meals: https://www.sfserviceguide.org/search?query=free%20meals\n\nAre you looking for a meal today, or help buying groceries?',
    ]);
    const reply = composeGuideReply(input('yes', { history: earlier, grounding: groundNeeds('yes', earlier) }));
    expect(reply).not.toContain('https://');
    expect(reply).toContain('places I shared');
    expect(reply).not.toContain('above');
    expect(reply).not.toContain('Have you been able to eat anything today?');
    expect(reply).not.toContain('Are you looking for a meal today');
  });

  it('answers a new statement on its own instead of repeating the last topic', () => {
    const earlier = history(["I'm hungry", 'Here are some places.\n• Free Meals: https://www.sfserviceguide.org/search?query=free%20meals']);
    const statement = 'My sister stopped talking to me and it hurts';
    const reply = composeGuideReply(input(statement, { history: earlier, grounding: groundNeeds(statement, earlier) }));
    expect(reply).not.toContain('Free Meals');
  });

  it('says when it did not understand, instead of guessing', () => {
    expect(composeGuideReply(input('asdfgh'))).toMatch(/^I'm not sure I understood\. /);
  });
});
