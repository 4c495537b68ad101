import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthController } from '../auth/auth-provider.tsx';
import { errorMessage } from '../auth/error-text.ts';

/** Ends every other session of this account (logout scope "others"); this one stays signed in. */
export function OtherDevices() {
  const { t } = useTranslation('dashboard');
  const controller = useAuthController();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const signOutOthers = async () => {
    setBusy(true);
    setError(null);
    setStatus('');
    try {
      await controller.signOut('others');
      setStatus(t('security.devices.done'));
    } catch (caught) {
      setError(errorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="security-item" aria-labelledby="other-devices-heading">
      <h3 id="other-devices-heading">{t('security.devices.heading')}</h3>
      <p>{t('security.devices.text')}</p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="form-status" role="status">
        {status}
      </p>
      <button type="button" className="button button-secondary" onClick={() => void signOutOthers()} disabled={busy}>
        {busy ? t('security.devices.submitting') : t('security.devices.submit')}
      </button>
    </section>
  );
}
