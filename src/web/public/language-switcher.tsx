import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, type Locale } from '../../shared/locales.ts';
import { LanguageChoiceItems } from '../components/language-choice-items.tsx';
import { Island } from './island.tsx';

/**
 * On every public page: each language named in its own language, as plain links, so it works
 * without JavaScript. It sits in the header, after the crisis numbers, and never stands between a
 * visitor and them.
 */
export function LanguageSwitcher({ locale, path }: { locale: Locale; path: string }) {
  const { t } = useTranslation();
  return (
    <Island
      name="disclosure"
      props={{
        className: 'language-switcher',
        summaryClassName: 'language-toggle',
        panelClassName: 'language-panel',
        label: LOCALE_NAMES[locale],
        hiddenPrefix: t('language.label'),
        icon: 'globe',
      }}
      panel={
        <ul className="language-list" aria-label={t('language.label')}>
          <LanguageChoiceItems current={locale} path={path} />
        </ul>
      }
    />
  );
}
