import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordErrors, usernameErrors } from '../../../../shared/validation/account-rules.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { recoverWithCode } from '../auth-api.ts';
import { errorMessage } from '../error-text.ts';
import { PasswordField } from '../password-field.tsx';
import { RecoveryCodeField } from '../recovery-code-field.tsx';
import { RuleList } from '../rule-list.tsx';
import { passwordRules } from '../rules.ts';
import { FormError, StepHeading, type StepProps } from './step.tsx';

/** "Forgot your password?": username, recovery code and a new password; a new recovery code follows. */
export function ForgotPasswordStep({
  headingRef,
  hydrated,
  busy,
  setBusy,
  error,
  setError,
  username,
  setUsername,
  onNewRecoveryCode,
  onBack,
}: StepProps & {
  username: string;
  setUsername: (username: string) => void;
  onNewRecoveryCode: (code: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('auth');
  const [recoveryInput, setRecoveryInput] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const usernameValid = usernameErrors(username).length === 0;
  const ready = usernameValid && recoveryInput.trim() !== '' && passwordErrors(newPassword).length === 0;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    if (!usernameValid) {
      setError(t('messages.fixUsername'));
      return;
    }
    if (recoveryInput.trim() === '') {
      setError(t('forgot.missingCode'));
      return;
    }
    if (passwordErrors(newPassword).length > 0) {
      setError(t('messages.fixPassword'));
      return;
    }
    setBusy(true);
    try {
      const result = await recoverWithCode(username, recoveryInput.trim(), newPassword);
      setRecoveryInput('');
      setNewPassword('');
      onNewRecoveryCode(result.recovery_code);
    } catch (caught) {
      const invalid =
        caught instanceof ApiError &&
        (caught.code === 'invalid_credentials' || caught.message.includes('Invalid login credentials') || caught.status === 400);
      setError(invalid ? t('forgot.invalid') : errorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <StepHeading headingRef={headingRef} title={t('forgot.heading')} intro={t('forgot.intro')} />
      <form className="auth-form" method="post" noValidate onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor="recover-username">{t('username')}</label>
          <input
            id="recover-username"
            type="text"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            required
          />
        </div>
        <RecoveryCodeField id="recover-code" label={t('forgot.recoveryCode')} value={recoveryInput} onChange={setRecoveryInput} />
        <PasswordField
          id="recover-password"
          label={t('newPassword')}
          value={newPassword}
          onChange={setNewPassword}
          autoComplete="new-password"
          describedBy="recover-password-rules"
        />
        <RuleList id="recover-password-rules" heading={t('rules.passwordHeading')} rules={passwordRules(newPassword, t)} />
        <FormError error={error} />
        <button type="submit" className="button button-primary button-block" disabled={!hydrated || busy || !ready}>
          {busy ? t('forgot.submitting') : t('forgot.submit')}
        </button>
      </form>
      <p className="field-hint">{t('forgot.noCode')}</p>
      <p className="auth-switch">
        <button type="button" className="link-button" onClick={onBack}>
          {t('forgot.back')}
        </button>
      </p>
    </>
  );
}
