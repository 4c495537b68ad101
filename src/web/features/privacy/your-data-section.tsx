import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DeleteAccount } from '../account-security/delete-account.tsx';
import { DownloadMyData } from './download-my-data.tsx';

/**
 * The dashboard's "Your data" section: download a copy, or delete it all. Deleting the data is
 * deleting the account (decision 036): nothing a person stored outlives their account.
 */
export function YourDataSection() {
  const { t } = useTranslation('privacy');
  return (
    <section className="dashboard-section security" aria-labelledby="your-data-heading">
      <h2 id="your-data-heading">{t('dashboard.heading')}</h2>
      <p className="section-intro">
        {t('dashboard.intro')} <Link to="/privacy">{t('dashboard.privacyLink')}</Link>
      </p>
      <div className="security-grid">
        <DownloadMyData />
        <DeleteAccount />
      </div>
    </section>
  );
}
