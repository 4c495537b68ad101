import { describe, expect, it } from 'vitest';
import { pageLocale } from './page-locale.ts';

describe('pageLocale', () => {
  it('takes the language prefix of the address first, as the basename too', () => {
    expect(pageLocale({ pathname: '/es/chat', cookie: 'ellis_lang=vi', languages: ['tl'], rendered: 'es' })).toEqual({ locale: 'es', basename: '/es' });
    expect(pageLocale({ pathname: '/zh-Hant/', cookie: '', languages: [], rendered: 'en' })).toEqual({ locale: 'zh-Hant', basename: '/zh-Hant' });
    expect(pageLocale({ pathname: '/vi/about', cookie: '', languages: [], rendered: 'en' })).toEqual({ locale: 'vi', basename: '/vi' });
  });

  it('in the app area without a prefix, takes the ellis_lang cookie, then the browser languages, then English', () => {
    expect(pageLocale({ pathname: '/login', cookie: 'a=1; ellis_lang=tl; b=2', languages: ['es-MX'], rendered: 'en' })).toEqual({ locale: 'tl', basename: '' });
    expect(pageLocale({ pathname: '/dashboard', cookie: 'ellis_lang=fr', languages: ['fr-FR', 'zh-TW', 'es'], rendered: 'en' })).toEqual({ locale: 'zh-Hant', basename: '' });
    expect(pageLocale({ pathname: '/speak-with-ellis', cookie: '', languages: ['de', 'zh-CN'], rendered: 'en' })).toEqual({ locale: 'en', basename: '' });
    expect(pageLocale({ pathname: '/chat/', cookie: '', languages: ['fil-PH'], rendered: 'en' })).toEqual({ locale: 'tl', basename: '' });
  });

  it('keeps a public page without a prefix in the language the server rendered it in', () => {
    expect(pageLocale({ pathname: '/', cookie: 'ellis_lang=es', languages: ['es'], rendered: 'en' })).toEqual({ locale: 'en', basename: '' });
    expect(pageLocale({ pathname: '/resources', cookie: 'ellis_lang=es', languages: ['vi'], rendered: 'es' })).toEqual({ locale: 'es', basename: '' });
    expect(pageLocale({ pathname: '/about', cookie: '', languages: [], rendered: 'fr' })).toEqual({ locale: 'en', basename: '' });
  });
});
