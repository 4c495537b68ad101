import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isLocale, type Locale } from '../../shared/locales.ts';
import { LanguageChoiceItems } from '../components/language-choice-items.tsx';

/**
 * The language switcher of the app screens (sign in, dashboard, chat, voice): every language named
 * in its own language, as plain links through the server's language choice, which keeps the choice
 * in a cookie and opens this screen in that language. Below the screen, so nothing stands between a
 * visitor and the crisis numbers at the top.
 */
export function LanguageLinks() {
  const { t, i18n } = useTranslation();
  // The router's basename has taken the language prefix off: this is the screen's own path.
  const { pathname } = useLocation();
  const current: Locale = isLocale(i18n.language) ? i18n.language : 'en';
  return (
    <nav className="language-links" aria-label={t('language.label')}>
      <ul>
        <LanguageChoiceItems current={current} path={pathname} />
      </ul>
    </nav>
  );
}
