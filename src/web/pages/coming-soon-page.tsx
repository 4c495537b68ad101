import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CallLink } from '../components/call-link.tsx';

/**
 * Stands in for a screen whose feature has not landed yet, so a visitor reaches a phone link and the
 * directory instead of a dead end.
 */
export function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <div className="page narrow-page">
      <h1>{t(titleKey)}</h1>
      <p>{t('comingSoon.body')}</p>
      <p className="button-row">
        <CallLink className="button button-call" />
        <Link className="button button-secondary" to="/resources">
          {t('comingSoon.resources')}
        </Link>
      </p>
    </div>
  );
}
