import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthController } from '../auth/auth-provider.tsx';
import { errorMessage } from '../auth/error-text.ts';
import { FormError } from '../auth/form-error.tsx';
import { PasswordField } from '../auth/password-field.tsx';
import { useConfirmation } from '../../lib/use-confirmation.ts';
import { deleteAccount } from './security-api.ts';
import { isWrongPassword } from './wrong-password.ts';

/** Deletes the account after the person types their password to confirm. */
export function DeleteAccount() {
  const { t } = useTranslation('dashboard');
  const controller = useAuthController();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const confirmText = useRef<HTMLParagraphElement>(null);
  const { confirming, ask, dismiss } = useConfirmation(startButton, confirmText);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (password === '') {
      setError(t('security.deleteAccount.passwordRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await deleteAccount(password);
      // The server has ended every session of the account; forget this one here too. The dashboard
      // then leaves for the home page.
      controller.clearLocal('SIGNED_OUT', null, '/');
    } catch (caught) {
      setError(isWrongPassword(caught) ? t('security.deleteAccount.wrongPassword') : errorMessage(caught, t));
      setBusy(false);
    }
  };

  return (
    <section className="security-item security-danger" aria-labelledby="delete-account-heading">
      <h3 id="delete-account-heading">{t('security.deleteAccount.heading')}</h3>
      <p>{t('security.deleteAccount.text')}</p>
      {confirming ? (
        <form className="auth-form" method="post" noValidate onSubmit={(event) => void submit(event)}>
          <p ref={confirmText} tabIndex={-1} className="confirm-text">
            {t('security.deleteAccount.confirmText')}
          </p>
          <PasswordField id="delete-account-password" label={t('security.deleteAccount.password')} value={password} onChange={setPassword} autoComplete="current-password" />
          <FormError error={error} />
          <div className="button-row">
            <button type="submit" className="button button-danger" disabled={busy || password === ''}>
              {busy ? t('security.deleteAccount.deleting') : t('security.deleteAccount.confirm')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => {
                setPassword('');
                setError(null);
                dismiss();
              }}
            >
              {t('security.deleteAccount.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          ref={startButton}
          className="button button-quiet-danger"
          onClick={ask}
        >
          {t('security.deleteAccount.start')}
        </button>
      )}
    </section>
  );
}
