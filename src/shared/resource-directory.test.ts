import { describe, expect, it } from 'vitest';
import {
  BAY_AREA_211_URL,
  CATEGORY_IDS,
  directoryContacts,
  findCategory,
  isCategoryId,
  nationalOrganizations,
  resourceCategories,
  serviceGuideSearch,
} from './resource-directory.ts';
import { crisisLines, dialDigits, findCrisisLine, smsHref, telHref } from './crisis-lines.ts';

/** The only numbers anything in the directory may show (see the brief: never invent a number). */
const PUBLISHED_NUMBERS = new Set(['211', '988', '911', '18007997233', '18009506264', '741741', '88788']);

function expectHttpsUrl(url: string) {
  const parsed = new URL(url);
  expect(parsed.protocol).toBe('https:');
  expect(parsed.username).toBe('');
  expect(parsed.password).toBe('');
}

describe('resource categories', () => {
  it('are the six categories of the spec, with their exact ids and names, in order', () => {
    expect(resourceCategories.map(({ id, name }) => [id, name])).toEqual([
      ['housing', 'Housing & Shelter'],
      ['food', 'Food & Nutrition'],
      ['health', 'Healthcare'],
      ['employment', 'Employment & Income'],
      ['legal', 'Legal Services'],
      ['crisis', 'Crisis Support'],
    ]);
    expect([...CATEGORY_IDS]).toEqual(resourceCategories.map((category) => category.id));
  });

  it.each(resourceCategories.map((category) => [category.id, category] as const))(
    '%s has exactly five named links with https urls and a source',
    (_id, category) => {
      expect(category.resources).toHaveLength(5);
      const names = category.resources.map((resource) => resource.name);
      expect(new Set(names).size).toBe(5);
      for (const resource of category.resources) {
        expect(resource.name.trim()).toBe(resource.name);
        expect(resource.name.length).toBeGreaterThan(2);
        expectHttpsUrl(resource.url);
        expect(resource.source.length).toBeGreaterThan(10);
        expect(['www.sfserviceguide.org', 'www.211bayarea.org']).toContain(new URL(resource.url).host);
      }
    },
  );

  it('links to SF Service Guide search pages with the term URL-encoded', () => {
    const link = serviceGuideSearch('Food Pantries', 'food pantry & meals');
    expect(link.url).toBe('https://www.sfserviceguide.org/search?query=food%20pantry%20%26%20meals');
    expect(new URL(link.url).searchParams.get('query')).toBe('food pantry & meals');
    expect(link.source).toContain('food pantry & meals');

    const guideLinks = resourceCategories.flatMap((category) => category.resources).filter((r) => r.url !== BAY_AREA_211_URL);
    expect(guideLinks.length).toBeGreaterThanOrEqual(25);
    for (const resource of guideLinks) {
      const url = new URL(resource.url);
      expect(url.pathname).toBe('/search');
      expect(url.searchParams.get('query')?.length).toBeGreaterThan(1);
    }
  });

  it('names the expected first link of each category', () => {
    expect(findCategory('housing').resources[0]?.name).toBe('Emergency Shelter');
    expect(findCategory('food').resources[0]?.name).toBe('Food Pantries');
  });

  it('recognizes only the six ids', () => {
    for (const id of CATEGORY_IDS) expect(isCategoryId(id)).toBe(true);
    for (const value of ['all', 'Housing', 'shelter', '', undefined, 3]) expect(isCategoryId(value)).toBe(false);
  });
});

describe('national organizations', () => {
  it('are the six of the spec, each with a name, description, https url and source', () => {
    expect(nationalOrganizations).toHaveLength(6);
    expect(nationalOrganizations.map((organization) => new URL(organization.url).host)).toEqual([
      'www.211.org',
      'www.nami.org',
      'www.feedingamerica.org',
      'www.thehotline.org',
      'www.usa.gov',
      'www.healthcare.gov',
    ]);
    for (const organization of nationalOrganizations) {
      expect(organization.name.length).toBeGreaterThan(1);
      expect(organization.description.length).toBeGreaterThan(20);
      expectHttpsUrl(organization.url);
      expect(organization.source.length).toBeGreaterThan(10);
    }
    expect(nationalOrganizations[4]?.url).toBe('https://www.usa.gov/benefits');
  });

  it('show only the published numbers of 211, NAMI and the domestic violence hotline', () => {
    const phones = Object.fromEntries(
      nationalOrganizations.filter((organization) => organization.phone).map((organization) => [organization.url, organization.phone]),
    );
    expect(phones).toEqual({
      'https://www.211.org': '211',
      'https://www.nami.org': '1-800-950-6264',
      'https://www.thehotline.org': '1-800-799-7233',
    });
  });
});

describe('crisis lines', () => {
  it('are 988, 911, Crisis Text Line and the National Domestic Violence Hotline', () => {
    expect(crisisLines.map((line) => line.id)).toEqual(['988', '911', 'crisis-text-line', 'domestic-violence']);
    for (const line of crisisLines) {
      expect(line.source.length).toBeGreaterThan(10);
      expect(line.phone ?? line.sms).toBeDefined();
      if (line.url) expectHttpsUrl(line.url);
    }
  });

  it('build the tel: and sms: links the page shows', () => {
    const lifeline = findCrisisLine('988');
    expect(telHref(lifeline.phone!)).toBe('tel:988');
    expect(smsHref(lifeline.sms!, lifeline.smsBody)).toBe('sms:988');
    expect(telHref(findCrisisLine('911').phone!)).toBe('tel:911');
    const textLine = findCrisisLine('crisis-text-line');
    expect(textLine.phone).toBeUndefined();
    expect(smsHref(textLine.sms!, textLine.smsBody)).toBe('sms:741741?&body=HOME');
    const hotline = findCrisisLine('domestic-violence');
    expect(telHref(hotline.phone!)).toBe('tel:18007997233');
    expect(smsHref(hotline.sms!, hotline.smsBody)).toBe('sms:88788?&body=START');
  });
});

describe('numbers and links', () => {
  it('never show a number that is not a well-known published one', () => {
    const numbers = [
      ...nationalOrganizations.flatMap((organization) => (organization.phone ? [organization.phone] : [])),
      ...crisisLines.flatMap((line) => [line.phone, line.sms].filter((value): value is string => Boolean(value))),
    ].map(dialDigits);
    expect(numbers.length).toBeGreaterThan(5);
    for (const number of numbers) expect(PUBLISHED_NUMBERS).toContain(number);
  });

  it('never put a phone-like number in a name or description', () => {
    const texts = [
      ...resourceCategories.flatMap((category) => category.resources.map((resource) => resource.name)),
      ...nationalOrganizations.flatMap((organization) => [organization.name, organization.description]),
    ];
    for (const text of texts) {
      for (const match of text.matchAll(/\d[\d-]{2,}\d/g)) expect(PUBLISHED_NUMBERS).toContain(dialDigits(match[0]));
    }
  });

  it('lists every directory url and number for the output guard', () => {
    const { urls, phoneDigits } = directoryContacts();
    expect(urls).toContain('https://www.nami.org');
    expect(urls).toContain(BAY_AREA_211_URL);
    expect(urls).toContain(resourceCategories[0]!.resources[0]!.url);
    expect(new Set(urls).size).toBe(urls.length);
    expect(phoneDigits.sort()).toEqual(['18007997233', '18009506264', '211']);
  });
});
