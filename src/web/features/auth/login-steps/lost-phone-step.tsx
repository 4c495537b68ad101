import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth, useAuthController } from '../auth-provider.tsx';
import { recoverSecondFactor } from '../auth-api.ts';
import { errorMessage } from '../error-text.ts';
import { RecoveryCodeField } from '../recovery-code-field.tsx';
import { FormError, StepHeading, type StepProps } from './step.tsx';

/** A lost phone: the recovery code stands in for the second step, and a new code replaces it. */
export function LostPhoneStep({
  headingRef,
  hydrated,
  busy,
  setBusy,
  error,
  setError,
  onNewRecoveryCode,
  onBack,
  onBackToForm,
}: StepProps & { onNewRecoveryCode: (code: string) => void; onBack: () => void; onBackToForm: () => void }) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const controller = useAuthController();
  const [recoveryInput, setRecoveryInput] = useState('');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    if (recoveryInput.trim() === '') {
      setError(t('lostPhone.missingCode'));
      return;
    }
    if (!auth.pendingFactor) {
      onBackToForm();
      return;
    }
    setBusy(true);
    try {
      const result = await recoverSecondFactor(recoveryInput.trim());
      setRecoveryInput('');
      // The old code is spent the moment the server answers: show the new one before anything else.
      onNewRecoveryCode(result.recovery_code);
      await controller.applySession(result, 'SIGNED_IN');
    } catch (caught) {
      const invalid = caught instanceof ApiError && caught.code === 'invalid_credentials';
      setError(invalid ? t('lostPhone.invalid') : errorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <StepHeading headingRef={headingRef} title={t('lostPhone.heading')} intro={t('lostPhone.intro')} />
      <form className="auth-form" method="post" noValidate onSubmit={(event) => void submit(event)}>
        <RecoveryCodeField
          id="lost-phone-code"
          label={t('lostPhone.recoveryCode')}
          value={recoveryInput}
          onChange={setRecoveryInput}
          hint={t('lostPhone.codeHint')}
        />
        <FormError error={error} />
        <button type="submit" className="button button-primary button-block" disabled={!hydrated || busy || recoveryInput.trim() === ''}>
          {busy ? t('lostPhone.submitting') : t('lostPhone.submit')}
        </button>
      </form>
      <p className="field-hint">{t('lostPhone.noCode')}</p>
      <p className="auth-switch">
        <button type="button" className="link-button" onClick={onBack} disabled={busy}>
          {t('lostPhone.back')}
        </button>
      </p>
    </>
  );
}
