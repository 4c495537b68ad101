import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CallOrChatLinks } from '../features/chat/call-or-chat-links.tsx';
import { useAuth } from '../features/auth/auth-provider.tsx';
import { RecoveryCodePanel } from '../features/auth/recovery-code-panel.tsx';
import type { StepProps } from '../features/auth/login-steps/step.tsx';
import { CredentialsStep } from '../features/auth/login-steps/credentials-step.tsx';
import { DASHBOARD_PATH, SIGN_IN_PATH } from '../lib/paths.ts';
import { SecondFactorStep } from '../features/auth/login-steps/second-factor-step.tsx';
import { LostPhoneStep } from '../features/auth/login-steps/lost-phone-step.tsx';
import { ForgotPasswordStep } from '../features/auth/login-steps/forgot-password-step.tsx';
import { useHydrated } from '../lib/use-hydrated.ts';
import authStyles from '../styles/auth.css?url';

type Step = 'form' | 'secondFactor' | 'lostPhone' | 'lostPhoneNewCode' | 'recoveryCode' | 'forgot' | 'newRecoveryCode';

/**
 * /login (SPEC §2 Login): one screen that toggles between signing in and creating an account, with a
 * way forward for people who do not want an account. Also the second step of a sign-in with
 * two-step verification (with the recovery code in place of a lost phone), the one-time display of
 * a new recovery code, and the "forgot password" reset with that code.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const navigate = useNavigate();
  const hydrated = useHydrated();

  const [step, setStep] = useState<Step>('form');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [recoveryCode, setRecoveryCode] = useState('');

  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousStep = useRef<Step>(step);

  // A new step puts keyboard and screen-reader users at its heading.
  useEffect(() => {
    if (previousStep.current !== step) headingRef.current?.focus();
    previousStep.current = step;
  }, [step]);

  // Someone already signed in has nothing to do here.
  useEffect(() => {
    if (auth.status === 'signedIn' && step === 'form' && !busy) void navigate(DASHBOARD_PATH, { replace: true });
  }, [auth.status, step, busy, navigate]);

  // A sign-in waiting for its code (also after a reload during that step) asks for the code.
  useEffect(() => {
    if (busy) return;
    if (auth.pendingFactor && step === 'form') setStep('secondFactor');
    if (!auth.pendingFactor && auth.status === 'signedOut' && (step === 'secondFactor' || step === 'lostPhone')) setStep('form');
  }, [auth.pendingFactor, auth.status, step, busy]);

  const goToStep = (next: Step) => {
    setError(null);
    setNotice(null);
    setStep(next);
  };

  /** A step that ends with a recovery code to show once: the code, then the step that shows it. */
  const showRecoveryCode = (next: Step) => (newCode: string) => {
    setRecoveryCode(newCode);
    setStep(next);
  };

  const stepProps: StepProps = { headingRef, hydrated, busy, setBusy, error, setError };

  let card;
  if (step === 'lostPhoneNewCode') {
    card = (
      <RecoveryCodePanel
        code={recoveryCode}
        heading={t('lostPhone.newHeading')}
        intro={t('lostPhone.newIntro')}
        note={t('lostPhone.newNote')}
        continueLabel={t('recoveryCode.continueToDashboard')}
        headingRef={headingRef}
        onContinue={() => {
          setRecoveryCode('');
          void navigate(DASHBOARD_PATH);
        }}
      />
    );
  } else if (step === 'lostPhone') {
    card = (
      <LostPhoneStep
        {...stepProps}
        onNewRecoveryCode={showRecoveryCode('lostPhoneNewCode')}
        onBack={() => goToStep('secondFactor')}
        onBackToForm={() => goToStep('form')}
      />
    );
  } else if (step === 'recoveryCode' || step === 'newRecoveryCode') {
    const fresh = step === 'recoveryCode';
    card = (
      <RecoveryCodePanel
        code={recoveryCode}
        heading={fresh ? t('recoveryCode.heading') : t('recoveryCode.newHeading')}
        intro={fresh ? t('recoveryCode.intro') : t('recoveryCode.newIntro')}
        continueLabel={fresh ? t('recoveryCode.continueToDashboard') : t('recoveryCode.continueToSignIn')}
        headingRef={headingRef}
        onContinue={() => {
          setRecoveryCode('');
          if (fresh) {
            void navigate(DASHBOARD_PATH);
          } else {
            void navigate(SIGN_IN_PATH, { replace: true });
            setPassword('');
            goToStep('form');
            setNotice(t('forgot.done'));
          }
        }}
      />
    );
  } else if (step === 'secondFactor') {
    card = <SecondFactorStep {...stepProps} onLostPhone={() => goToStep('lostPhone')} onBackToForm={() => goToStep('form')} />;
  } else if (step === 'forgot') {
    card = (
      <ForgotPasswordStep
        {...stepProps}
        username={username}
        setUsername={setUsername}
        onNewRecoveryCode={showRecoveryCode('newRecoveryCode')}
        onBack={() => goToStep('form')}
      />
    );
  } else {
    card = (
      <CredentialsStep
        {...stepProps}
        username={username}
        setUsername={setUsername}
        password={password}
        setPassword={setPassword}
        notice={notice}
        setNotice={setNotice}
        onRecoveryCode={showRecoveryCode('recoveryCode')}
        onNeedsSecondFactor={() => setStep('secondFactor')}
        onForgot={() => goToStep('forgot')}
      />
    );
  }

  return (
    <div className="page auth-page">
      <link rel="stylesheet" href={authStyles} precedence="default" />
      <div className="auth-card">{card}</div>
      <section className="auth-guest" aria-labelledby="auth-guest-heading">
        <h2 id="auth-guest-heading">{t('guest.heading')}</h2>
        <p>{t('guest.note')}</p>
        <CallOrChatLinks chatLabel={t('guest.chat')} />
      </section>
    </div>
  );
}
