import { describe, expect, it } from 'vitest';
import { localePath, negotiateLocale, splitLocalePath } from './locales.ts';

describe('locale paths', () => {
  it('puts English at the root and every other language under its prefix', () => {
    expect(localePath('en', '/about')).toBe('/about');
    expect(localePath('es', '/')).toBe('/es/');
    expect(localePath('zh-Hant', '/resources')).toBe('/zh-Hant/resources');
  });

  it('reads the language back from a path', () => {
    expect(splitLocalePath('/vi/privacy')).toEqual({ locale: 'vi', path: '/privacy' });
    expect(splitLocalePath('/tl')).toEqual({ locale: 'tl', path: '/' });
    expect(splitLocalePath('/tl/')).toEqual({ locale: 'tl', path: '/' });
    expect(splitLocalePath('/about')).toEqual({ locale: 'en', path: '/about' });
    // A page whose name merely starts like a language is not under it.
    expect(splitLocalePath('/esther')).toEqual({ locale: 'en', path: '/esther' });
  });
});

describe('negotiateLocale', () => {
  it('takes the best-rated language Ellis has', () => {
    expect(negotiateLocale('fr-FR,fr;q=0.9,vi;q=0.8,en;q=0.7')).toBe('vi');
    expect(negotiateLocale('en;q=0.5, es;q=0.9')).toBe('es');
    expect(negotiateLocale('fil-PH')).toBe('tl');
  });

  it('reads Taiwan, Hong Kong and Hant tags as Traditional Chinese, and not Simplified ones', () => {
    expect(negotiateLocale('zh-TW')).toBe('zh-Hant');
    expect(negotiateLocale('zh-HK')).toBe('zh-Hant');
    expect(negotiateLocale('zh-Hant-US')).toBe('zh-Hant');
    expect(negotiateLocale('zh-CN,zh;q=0.9')).toBeNull();
  });

  it('ignores what it cannot use', () => {
    expect(negotiateLocale(undefined)).toBeNull();
    expect(negotiateLocale('*')).toBeNull();
    expect(negotiateLocale('es;q=0')).toBeNull();
    expect(negotiateLocale('de, ja')).toBeNull();
  });
});
