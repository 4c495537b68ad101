// The stand-ins must answer as i18next and react-i18next did for every feature the catalogs use
// (decision 030). Expected values were checked against i18next 27 before it was replaced.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18n } from './i18next.ts';
import i18next from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { englishCatalog } from '../i18n.ts';

function makeI18n(): I18n {
  const i18n = new I18n();
  void i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    defaultNS: 'common',
    resources: {
      en: {
        common: { hello: 'Hi {{name}} and {{ other }}', nested: { deep: 'Deep' }, list: ['a', 'b'] },
        items: { count_zero: 'No items', count_one: '{{count}} item', count_other: '{{count}} items', onlyOther_other: '{{count}} things' },
      },
    },
  });
  return i18n;
}

describe('i18next stand-in', () => {
  it('looks up nested keys in the default namespace, or the one named in the key or options', () => {
    const i18n = makeI18n();
    expect(i18n.t('nested.deep')).toBe('Deep');
    expect(i18n.t('items:count', { count: 2 })).toBe('2 items');
    expect(i18n.t('count', { ns: 'items', count: 1 })).toBe('1 item');
    expect(i18n.t('count', { ns: ['common', 'items'], count: 1 })).toBe('1 item');
  });

  it('interpolates values: a missing one stays as written, null becomes empty', () => {
    const i18n = makeI18n();
    expect(i18n.t('hello', { name: 'Ana', other: 0 })).toBe('Hi Ana and 0');
    expect(i18n.t('hello', { name: null })).toBe('Hi  and {{ other }}');
  });

  it('chooses plural forms, with the _zero form when the catalog has one', () => {
    const i18n = makeI18n();
    expect(i18n.t('items:count', { count: 0 })).toBe('No items');
    expect(i18n.t('items:onlyOther', { count: 0 })).toBe('0 things');
    expect(i18n.t('items:onlyOther', { count: 7 })).toBe('7 things');
  });

  it('shows a missing key without its namespace, or the default value, and tries fallback keys in order', () => {
    const i18n = makeI18n();
    expect(i18n.t('items:nope')).toBe('nope');
    expect(i18n.t('nope', { defaultValue: 'Fallback {{n}}', n: 1 })).toBe('Fallback 1');
    expect(i18n.t(['nope', 'nested.deep'])).toBe('Deep');
    expect(i18n.t('nested')).toBe('nested');
    expect(i18n.t('list', { returnObjects: true })).toEqual(['a', 'b']);
  });

  it('adds lazily loaded catalogs without re-rendering anyone; a language change does', () => {
    const i18n = makeI18n();
    let calls = 0;
    const unsubscribe = i18n.subscribe(() => (calls += 1));
    expect(i18n.hasResourceBundle('en', 'late')).toBe(false);
    i18n.addResourceBundle('en', 'late', { title: 'Late' }, true, true);
    expect(i18n.hasResourceBundle('en', 'late')).toBe(true);
    expect(i18n.t('late:title')).toBe('Late');
    expect(calls).toBe(0);
    void i18n.changeLanguage('es');
    unsubscribe();
    expect(calls).toBe(1);
    expect(i18n.language).toBe('es');
    expect(i18n.t('late:title')).toBe('Late');
  });
});

describe('react-i18next stand-in', () => {
  it('translates with the namespace given to useTranslation, and the app instance has the catalogs', () => {
    function Title() {
      const { t } = useTranslation('content');
      return <h1>{t('home.hero.heading')}</h1>;
    }
    expect(renderToStaticMarkup(<Title />)).toBe(renderToStaticMarkup(<h1>{englishCatalog.content.home.hero.heading}</h1>));
    expect(i18next.t('pageTitle.home')).toBe(englishCatalog.common.pageTitle.home);
  });

  it('turns catalog tags into the given elements and keeps text of unknown tags', () => {
    i18next.addResourceBundle('en', 'trans-test', { line: 'Call <call911>911</call911> or <b>{{who}}</b>.<br/>' });
    const html = renderToStaticMarkup(
      <Trans ns="trans-test" i18nKey="line" values={{ who: 'a friend' }} components={{ call911: <a href="tel:911" />, br: <br /> }} />,
    );
    expect(html).toBe('Call <a href="tel:911">911</a> or a friend.<br/>');
  });
});
