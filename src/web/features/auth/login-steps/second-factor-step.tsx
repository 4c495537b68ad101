import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth, useAuthController } from '../auth-provider.tsx';
import { challengeFactor, verifyFactor } from '../auth-api.ts';
import { errorMessage } from '../error-text.ts';
import { FormError, StepHeading, type StepProps } from './step.tsx';

/** The second step of a sign-in with two-step verification: the six-digit code from the app. */
export function SecondFactorStep({
  headingRef,
  hydrated,
  busy,
  setBusy,
  error,
  setError,
  onLostPhone,
  onBackToForm,
}: StepProps & { onLostPhone: () => void; onBackToForm: () => void }) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const controller = useAuthController();
  const navigate = useNavigate();
  const [code, setCode] = useState('');

  const submitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    if (!/^\d{6}$/.test(code)) {
      setError(t('mfa.invalidFormat'));
      return;
    }
    const factor = auth.pendingFactor;
    if (!factor) {
      onBackToForm();
      return;
    }
    setBusy(true);
    try {
      const challenge = await challengeFactor(factor.id);
      const session = await verifyFactor(factor.id, challenge.id, code);
      await controller.applySession(session, 'MFA_CHALLENGE_VERIFIED');
      void navigate('/dashboard');
    } catch (caught) {
      setCode('');
      setError(errorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    setBusy(true);
    await controller.signOut('local');
    setBusy(false);
    setCode('');
    onBackToForm();
  };

  return (
    <>
      <StepHeading headingRef={headingRef} title={t('mfa.heading')} intro={t('mfa.intro')} />
      <form className="auth-form" method="post" noValidate onSubmit={(event) => void submitCode(event)}>
        <div className="field">
          <label htmlFor="mfa-code">{t('mfa.code')}</label>
          <input
            id="mfa-code"
            className="code-input"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            aria-describedby="mfa-code-hint"
            required
          />
          <p className="field-hint" id="mfa-code-hint">
            {t('mfa.codeHint')}
          </p>
        </div>
        <FormError error={error} />
        <button type="submit" className="button button-primary button-block" disabled={!hydrated || busy || code.length !== 6}>
          {busy ? t('mfa.submitting') : t('mfa.submit')}
        </button>
      </form>
      <p className="auth-switch">
        <button type="button" className="link-button" onClick={onLostPhone} disabled={busy}>
          {t('mfa.lostPhone')}
        </button>
      </p>
      <p className="auth-switch">
        <button type="button" className="link-button" onClick={() => void cancel()} disabled={busy}>
          {t('mfa.cancel')}
        </button>
      </p>
    </>
  );
}
