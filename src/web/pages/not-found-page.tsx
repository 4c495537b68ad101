import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="page narrow-page">
      <h1>{t('notFound.heading')}</h1>
      <p>{t('notFound.body')}</p>
      <p className="button-row">
        <Link className="button button-primary" to="/">
          {t('notFound.home')}
        </Link>
        <Link className="button button-secondary" to="/resources">
          {t('notFound.resources')}
        </Link>
        <Link className="button button-secondary" to="/chat">
          {t('notFound.chat')}
        </Link>
      </p>
    </div>
  );
}
