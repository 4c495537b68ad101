import { useTranslation } from 'react-i18next';
import type { AuthUser } from '../auth/session.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { OtherDevices } from './other-devices.tsx';
import { TwoStepSettings } from './two-step-settings.tsx';

/** The dashboard's Security section: two-step verification, password, other devices. Deleting the account is under "Your data". */
export function SecuritySection({ user }: { user: AuthUser }) {
  const { t } = useTranslation('dashboard');
  return (
    <section className="dashboard-section security" aria-labelledby="security-heading">
      <h2 id="security-heading">{t('security.heading')}</h2>
      <p className="section-intro">{t('security.intro')}</p>
      <div className="security-grid">
        <TwoStepSettings user={user} />
        <ChangePasswordForm />
        <OtherDevices />
      </div>
    </section>
  );
}
