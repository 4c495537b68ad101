import { describe, expect, it } from 'vitest';
import { directoryContacts } from '../../shared/resource-directory.ts';
import { groundNeeds } from './grounding.ts';

const names = (text: string) => groundNeeds(text).resources.map((resource) => resource.name);

describe('groundNeeds', () => {
  it.each([
    ['I need somewhere to sleep tonight', 'housing', 'Emergency Shelter'],
    ["I'm behind on rent", 'housing', 'Rental Assistance'],
    ['My landlord gave me an eviction notice', 'legal', 'Eviction Defense'],
    ["I haven't eaten in two days", 'food', 'Free Meals'],
    ['How do I apply for food stamps?', 'food', 'CalFresh (Food Stamps)'],
    ['I think I have depression', 'health', 'Mental Health Services'],
    ['I need a dentist', 'health', 'Dental Care'],
    ['I got laid off', 'employment', 'Job Search Help'],
    ['I need help with my immigration papers', 'legal', 'Immigration Legal Help'],
    ['Tengo hambre', 'food', 'Free Meals'],
    ['Necesito un abogado', 'legal', 'Free Legal Aid'],
    ['No tengo casa, duermo en la calle', 'housing', 'Emergency Shelter'],
  ])('%s → %s, %s', (text, need, first) => {
    const grounding = groundNeeds(text);
    expect(grounding.needs).toContain(need);
    expect(grounding.resources[0]?.name).toBe(first);
  });

  it('offers at most three entries, each a real directory link', () => {
    const { urls } = directoryContacts();
    const grounding = groundNeeds('I was evicted, lost my job, I am hungry, sick and need a lawyer for court');
    expect(grounding.resources.length).toBe(3);
    for (const resource of grounding.resources) expect(urls).toContain(resource.url);
  });

  it('finds nothing in small talk, and looks back at the last message that named a need', () => {
    expect(groundNeeds('hello')).toEqual({ needs: [], resources: [], fromHistory: false });
    const grounding = groundNeeds('yes please', [{ role: 'user', content: 'I need a dentist' }]);
    expect(grounding.fromHistory).toBe(true);
    expect(names('I need a dentist')).toEqual(grounding.resources.map((resource) => resource.name));
  });

  it('does not take "work" in "the heater does not work" for a job search', () => {
    expect(groundNeeds("My landlord won't fix the heater, it doesn't work").needs).not.toContain('employment');
  });
});
