import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordErrors } from '../../../shared/validation/account-rules.ts';
import { useAuthController } from '../auth/auth-provider.tsx';
import { errorMessage } from '../auth/error-text.ts';
import { FormError } from '../auth/form-error.tsx';
import { NewPasswordField } from '../auth/new-password-field.tsx';
import { PasswordField } from '../auth/password-field.tsx';
import { changePassword } from './security-api.ts';
import { isWrongPassword } from './wrong-password.ts';

/** Change password: the current password is required, the new one follows the sign-up rules. */
export function ChangePasswordForm() {
  const { t } = useTranslation('dashboard');
  const { t: tAuth } = useTranslation('auth');
  const controller = useAuthController();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const nextValid = passwordErrors(next).length === 0;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setStatus('');
    if (current === '') {
      setError(t('security.password.currentRequired'));
      return;
    }
    if (!nextValid) {
      setError(tAuth('messages.fixPassword'));
      return;
    }
    setBusy(true);
    try {
      const user = await changePassword(current, next);
      if (user && typeof user === 'object' && 'id' in user) controller.setUser(user);
      setCurrent('');
      setNext('');
      setStatus(t('security.password.changed'));
    } catch (caught) {
      setError(isWrongPassword(caught) ? t('security.password.wrongCurrent') : errorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="security-item" aria-labelledby="change-password-heading">
      <h3 id="change-password-heading">{t('security.password.heading')}</h3>
      <form className="auth-form" method="post" noValidate onSubmit={(event) => void submit(event)}>
        <PasswordField id="current-password" label={t('security.password.current')} value={current} onChange={setCurrent} autoComplete="current-password" />
        <NewPasswordField id="new-password" label={t('security.password.new')} value={next} onChange={setNext} />
        <FormError error={error} />
        <p className="form-status" role="status">
          {status}
        </p>
        <div>
          <button type="submit" className="button button-primary" disabled={busy || current === '' || !nextValid}>
            {busy ? t('security.password.submitting') : t('security.password.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
