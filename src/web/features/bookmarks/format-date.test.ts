import { describe, expect, it } from 'vitest';
import { formatBookmarkDate } from './format-date.ts';

describe('formatBookmarkDate', () => {
  it('writes short month, day and year in the given locale (SPEC §9: en-US "Jan 5, 2025")', () => {
    expect(formatBookmarkDate('2025-01-05T12:00:00Z', 'en-US')).toBe('Jan 5, 2025');
    expect(formatBookmarkDate('2025-01-05T12:00:00Z', 'es-US')).toBe('5 ene 2025');
    expect(formatBookmarkDate('2025-01-05T12:00:00Z', 'zh-Hant')).toBe('2025年1月5日');
    expect(formatBookmarkDate('2025-01-05T12:00:00Z', 'vi')).toBe('5 thg 1, 2025');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatBookmarkDate('not a date', 'en-US')).toBe('');
  });
});
