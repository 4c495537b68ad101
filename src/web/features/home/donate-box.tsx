import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../lib/public-config.tsx';
import { ExternalLink } from '../../components/external-link.tsx';
import { HeartIcon } from './icons.tsx';

/** Shown only when the deployment has a fundraising page (DONATE_URL); otherwise nothing at all. */
export function DonateBox() {
  const { t } = useTranslation('content');
  const { donateUrl } = usePublicConfig();
  if (!donateUrl) return null;
  return (
    <section className="home-section home-section-tight" aria-labelledby="donate-heading">
      <div className="home-section-inner">
        <div className="home-donate">
          <span className="home-donate-icon">
            <HeartIcon />
          </span>
          <div className="home-donate-text">
            <h2 id="donate-heading">{t('home.donate.heading')}</h2>
            <p>{t('home.donate.body')}</p>
          </div>
          <ExternalLink className="button button-donate home-action" href={donateUrl}>
            {t('home.donate.button')}
          </ExternalLink>
        </div>
      </div>
    </section>
  );
}
