import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth, useAuthController } from '../auth-provider.tsx';
import { recoverSecondFactor } from '../auth-api.ts';
import { errorMessage } from '../error-text.ts';
import { RecoveryCodeField } from '../recovery-code-field.tsx';
import { StepForm, StepHeading, StepSwitchButton, beginSubmit, sendStep, type StepProps } from './step.tsx';

/** A lost phone: the recovery code stands in for the second step, and a new code replaces it. */
export function LostPhoneStep({
  onNewRecoveryCode,
  onBack,
  onBackToForm,
  ...step
}: StepProps & { onNewRecoveryCode: (code: string) => void; onBack: () => void; onBackToForm: () => void }) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const controller = useAuthController();
  const [recoveryInput, setRecoveryInput] = useState('');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    if (!beginSubmit(step, event)) return;
    if (recoveryInput.trim() === '') {
      step.setError(t('lostPhone.missingCode'));
      return;
    }
    if (!auth.pendingFactor) {
      onBackToForm();
      return;
    }
    await sendStep(
      step,
      async () => {
        const result = await recoverSecondFactor(recoveryInput.trim());
        setRecoveryInput('');
        // The old code is spent the moment the server answers: show the new one before anything else.
        onNewRecoveryCode(result.recovery_code);
        await controller.applySession(result, 'SIGNED_IN');
      },
      (caught) => (caught instanceof ApiError && caught.code === 'invalid_credentials' ? t('lostPhone.invalid') : errorMessage(caught, t)),
    );
  };

  return (
    <>
      <StepHeading headingRef={step.headingRef} title={t('lostPhone.heading')} intro={t('lostPhone.intro')} />
      <StepForm
        step={step}
        onSubmit={submit}
        submitDisabled={recoveryInput.trim() === ''}
        submitLabel={t('lostPhone.submit')}
        busyLabel={t('lostPhone.submitting')}
      >
        <RecoveryCodeField
          id="lost-phone-code"
          label={t('lostPhone.recoveryCode')}
          value={recoveryInput}
          onChange={setRecoveryInput}
          hint={t('lostPhone.codeHint')}
        />
      </StepForm>
      <p className="field-hint">{t('lostPhone.noCode')}</p>
      <StepSwitchButton onClick={onBack} disabled={step.busy}>
        {t('lostPhone.back')}
      </StepSwitchButton>
    </>
  );
}
