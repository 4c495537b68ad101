// The i18next and react-i18next features the catalogs use (decision 098; these assertions were first
// written for the stand-ins of decision 030 and hold for the packages themselves).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import i18next, { type i18n as I18n } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { englishCatalog } from './i18n.ts';

function makeI18n(): I18n {
  const i18n = i18next.createInstance();
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

describe('i18next', () => {
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
    // react-i18next re-renders on 'languageChanged' only (bindI18n), not on catalogs added (bindI18nStore '').
    let calls = 0;
    const count = () => (calls += 1);
    i18n.on('languageChanged', count);
    expect(i18n.hasResourceBundle('en', 'late')).toBe(false);
    i18n.addResourceBundle('en', 'late', { title: 'Late' }, true, true);
    expect(i18n.hasResourceBundle('en', 'late')).toBe(true);
    expect(i18n.t('late:title')).toBe('Late');
    expect(calls).toBe(0);
    void i18n.changeLanguage('es');
    i18n.off('languageChanged', count);
    expect(calls).toBe(1);
    expect(i18n.language).toBe('es');
    expect(i18n.t('late:title')).toBe('Late');
  });
});

describe('react-i18next', () => {
  it('translates with the namespace given to useTranslation, and the app instance has the catalogs', () => {
    function Title() {
      const { t } = useTranslation('content');
      return <h1>{t('home.hero.heading')}</h1>;
    }
    expect(renderToStaticMarkup(<Title />)).toBe(renderToStaticMarkup(<h1>{englishCatalog.content.home.hero.heading}</h1>));
    expect(i18next.t('pageTitle.home')).toBe(englishCatalog.common.pageTitle.home);
  });

  it('turns catalog tags into the given elements and shows unknown tags as text', () => {
    i18next.addResourceBundle('en', 'trans-test', { line: 'Call <call911>911</call911> or <b>{{who}}</b>.<br/>' });
    const html = renderToStaticMarkup(
      <Trans ns="trans-test" i18nKey="line" values={{ who: 'a friend' }} components={{ call911: <a href="tel:911" />, br: <br /> }} />,
    );
    expect(html).toBe('Call <a href="tel:911">911</a> or &lt;b&gt;a friend&lt;/b&gt;.<br/>');
  });
});
