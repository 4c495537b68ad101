import { useTranslation } from 'react-i18next';
import { PersonIcon, QuoteMark } from '../home/icons.tsx';

export function Founder() {
  const { t } = useTranslation('content');
  return (
    <section className="about-section about-section-warm" aria-labelledby="founder-heading">
      <div className="about-inner about-founder">
        <div className="about-founder-card" aria-hidden="true">
          <span className="about-founder-avatar">
            <PersonIcon />
          </span>
        </div>
        <div className="about-founder-text">
          <h2 id="founder-heading">{t('about.founder.heading')}</h2>
          <p className="about-founder-role">{t('about.founder.role')}</p>
          <p>{t('about.founder.bio1')}</p>
          <p>{t('about.founder.bio2')}</p>
          <p>{t('about.founder.bio3')}</p>
          <figure className="about-founder-quote">
            <QuoteMark className="about-founder-mark" />
            <blockquote>
              <p>{t('about.founder.quote')}</p>
            </blockquote>
          </figure>
        </div>
      </div>
    </section>
  );
}
