import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordErrors, usernameErrors } from '../../../../shared/validation/account-rules.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { recoverWithCode } from '../auth-api.ts';
import { errorMessage } from '../error-text.ts';
import { Field } from '../field.tsx';
import { NewPasswordField } from '../new-password-field.tsx';
import { RecoveryCodeField } from '../recovery-code-field.tsx';
import { VerbatimInput } from '../verbatim-input.tsx';
import { StepForm, StepHeading, StepSwitchButton, beginSubmit, sendStep, type StepProps } from './step.tsx';

/** "Forgot your password?": username, recovery code and a new password; a new recovery code follows. */
export function ForgotPasswordStep({
  username,
  setUsername,
  onNewRecoveryCode,
  onBack,
  ...step
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
    if (!beginSubmit(step, event)) return;
    if (!usernameValid) {
      step.setError(t('messages.fixUsername'));
      return;
    }
    if (recoveryInput.trim() === '') {
      step.setError(t('forgot.missingCode'));
      return;
    }
    if (passwordErrors(newPassword).length > 0) {
      step.setError(t('messages.fixPassword'));
      return;
    }
    await sendStep(
      step,
      async () => {
        const result = await recoverWithCode(username, recoveryInput.trim(), newPassword);
        setRecoveryInput('');
        setNewPassword('');
        onNewRecoveryCode(result.recovery_code);
      },
      (caught) => {
        const invalid = caught instanceof ApiError && (caught.code === 'invalid_credentials' || caught.status === 400);
        return invalid ? t('forgot.invalid') : errorMessage(caught, t);
      },
    );
  };

  return (
    <>
      <StepHeading headingRef={step.headingRef} title={t('forgot.heading')} intro={t('forgot.intro')} />
      <StepForm step={step} onSubmit={submit} submitDisabled={!ready} submitLabel={t('forgot.submit')} busyLabel={t('forgot.submitting')}>
        <Field id="recover-username" label={t('username')}>
          <VerbatimInput id="recover-username" value={username} onChange={(event) => setUsername(event.target.value)} autoComplete="username" required />
        </Field>
        <RecoveryCodeField id="recover-code" label={t('forgot.recoveryCode')} value={recoveryInput} onChange={setRecoveryInput} />
        <NewPasswordField id="recover-password" label={t('newPassword')} value={newPassword} onChange={setNewPassword} />
      </StepForm>
      <p className="field-hint">{t('forgot.noCode')}</p>
      <StepSwitchButton onClick={onBack}>{t('forgot.back')}</StepSwitchButton>
    </>
  );
}
