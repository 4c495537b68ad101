import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestLocale } from './request-locale.ts';

// The project has no DOM environment (no jsdom): the one element read is stubbed.
function pageLanguage(lang: string): void {
  vi.stubGlobal('document', { documentElement: { lang } });
}

describe('requestLocale', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the page language when it is one Ellis speaks, other than English', () => {
    pageLanguage('zh-Hant');
    expect(requestLocale()).toEqual({ locale: 'zh-Hant' });
    pageLanguage('vi');
    expect(requestLocale()).toEqual({ locale: 'vi' });
  });

  it('sends nothing for English, an unset language or one Ellis does not speak', () => {
    pageLanguage('en');
    expect(requestLocale()).toEqual({});
    pageLanguage('');
    expect(requestLocale()).toEqual({});
    pageLanguage('fr');
    expect(requestLocale()).toEqual({});
  });

  it('sends nothing where there is no page (server render)', () => {
    expect(requestLocale()).toEqual({});
  });
});
