import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A way on for someone who does not know which link fits: talk it through with Ellis. */
export function EllisPrompt() {
  const { t } = useTranslation('resources');
  return (
    <section className="resources-ellis" aria-labelledby="resources-ellis-heading">
      <h2 id="resources-ellis-heading">{t('ellis.heading')}</h2>
      <p>{t('ellis.body')}</p>
      <p>
        <Link className="button button-primary" to="/chat">
          {t('ellis.chat')}
        </Link>
      </p>
    </section>
  );
}
