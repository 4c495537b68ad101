import { describe, expect, it } from 'vitest';
import { bookmarkInputSchema, bookmarkMatches, isValidBookmarkUrl, normalizeBookmarkUrl } from './bookmark-rules.ts';

describe('bookmark url', () => {
  it.each([
    ['example.org', 'https://example.org'],
    ['  http://example.org/a  ', 'http://example.org/a'],
    ['HTTPS://Example.org', 'HTTPS://Example.org'],
    ['', ''],
  ])('normalizes %j to %j', (raw, expected) => {
    expect(normalizeBookmarkUrl(raw)).toBe(expected);
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', 'https://', 'not a url', 'https://localhost'])('rejects %j', (raw) => {
    expect(isValidBookmarkUrl(normalizeBookmarkUrl(raw))).toBe(false);
  });
});

describe('bookmark input', () => {
  it('trims, prepends https:// and stores empty optional fields as null', () => {
    expect(bookmarkInputSchema.parse({ title: '  Food bank ', url: ' sfmfoodbank.org ', description: '  ' })).toEqual({
      title: 'Food bank',
      url: 'https://sfmfoodbank.org',
      description: null,
    });
  });

  it('requires a non-blank title and a valid url with the exact message', () => {
    expect(bookmarkInputSchema.safeParse({ title: '   ' }).success).toBe(false);
    const result = bookmarkInputSchema.safeParse({ title: 'x', url: 'javascript:alert(1)' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid URL');
  });

  it('ignores fields it does not know, like user_id or id', () => {
    expect(bookmarkInputSchema.parse({ title: 'x', user_id: 'someone', id: 'forged' })).toEqual({
      title: 'x',
      url: null,
      description: null,
    });
  });
});

describe('bookmark search', () => {
  const bookmark = { title: 'Food Bank', description: 'Open Tuesdays', url: 'https://sfmfoodbank.org' };
  it.each([
    ['food', true],
    ['TUESDAYS', true],
    ['sfmfood', true],
    ['shelter', false],
    ['  ', true],
  ])('%j matches: %s', (query, expected) => {
    expect(bookmarkMatches(bookmark, query)).toBe(expected);
  });
});
