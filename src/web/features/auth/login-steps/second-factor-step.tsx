import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_PATH } from '../../../lib/paths.ts';
import { useAuth, useAuthController } from '../auth-provider.tsx';
import { challengeFactor, verifyFactor } from '../auth-api.ts';
import { errorMessage } from '../error-text.ts';
import { OneTimeCodeField } from '../one-time-code-field.tsx';
import { StepForm, StepHeading, StepSwitchButton, beginSubmit, sendStep, type StepProps } from './step.tsx';

/** The second step of a sign-in with two-step verification: the six-digit code from the app. */
export function SecondFactorStep({ onLostPhone, onBackToForm, ...step }: StepProps & { onLostPhone: () => void; onBackToForm: () => void }) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const controller = useAuthController();
  const navigate = useNavigate();
  const [code, setCode] = useState('');

  const submitCode = async (event: FormEvent<HTMLFormElement>) => {
    if (!beginSubmit(step, event)) return;
    if (!/^\d{6}$/.test(code)) {
      step.setError(t('mfa.invalidFormat'));
      return;
    }
    const factor = auth.pendingFactor;
    if (!factor) {
      onBackToForm();
      return;
    }
    await sendStep(
      step,
      async () => {
        const challenge = await challengeFactor(factor.id);
        const session = await verifyFactor(factor.id, challenge.id, code);
        await controller.applySession(session, 'MFA_CHALLENGE_VERIFIED');
        void navigate(DASHBOARD_PATH);
      },
      (caught) => {
        setCode('');
        return errorMessage(caught, t);
      },
    );
  };

  const cancel = async () => {
    step.setBusy(true);
    await controller.signOut('local');
    step.setBusy(false);
    setCode('');
    onBackToForm();
  };

  return (
    <>
      <StepHeading headingRef={step.headingRef} title={t('mfa.heading')} intro={t('mfa.intro')} />
      <StepForm step={step} onSubmit={submitCode} submitDisabled={code.length !== 6} submitLabel={t('mfa.submit')} busyLabel={t('mfa.submitting')}>
        <OneTimeCodeField id="mfa-code" label={t('mfa.code')} value={code} onChange={setCode} hint={t('mfa.codeHint')} />
      </StepForm>
      <StepSwitchButton onClick={onLostPhone} disabled={step.busy}>
        {t('mfa.lostPhone')}
      </StepSwitchButton>
      <StepSwitchButton onClick={() => void cancel()} disabled={step.busy}>
        {t('mfa.cancel')}
      </StepSwitchButton>
    </>
  );
}
