import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthController } from '../auth/auth-provider.tsx';
import { challengeFactor, verifyFactor } from '../auth/auth-api.ts';
import { errorMessage } from '../auth/error-text.ts';
import { FormError } from '../auth/form-error.tsx';
import { OneTimeCodeField } from '../auth/one-time-code-field.tsx';
import { ConfirmButtons } from '../../lib/confirm-buttons.tsx';
import { useFocusAfterRender } from '../../lib/use-focus-after-render.ts';
import { verifiedTotpFactor, type AuthUser } from '../auth/session.ts';
import { enrollTotp, unenrollFactor } from './security-api.ts';
import type { EnrollResult } from '../../../shared/accounts-api.ts';

type Mode = 'idle' | 'enrolling' | 'confirmOff';

/**
 * Two-step verification with an authenticator app (TOTP): turn on by scanning a QR code (or typing
 * the key) and confirming with the first code; turn off with a confirmation.
 */
export function TwoStepSettings({ user }: { user: AuthUser }) {
  const { t } = useTranslation('dashboard');
  const controller = useAuthController();
  const verified = verifiedTotpFactor(user);
  const [mode, setMode] = useState<Mode>('idle');
  const [enrollment, setEnrollment] = useState<EnrollResult | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const codeInput = useRef<HTMLInputElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const offButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();

  const start = async () => {
    setBusy(true);
    setError(null);
    setStatus('');
    try {
      // An attempt left unfinished earlier would stand in the way of a new one.
      for (const factor of user.factors ?? []) {
        if (factor.factor_type === 'totp' && factor.status !== 'verified') await unenrollFactor(factor.id).catch(() => undefined);
      }
      setEnrollment(await enrollTotp());
      setCode('');
      focusAfterRender(codeInput);
      setMode('enrolling');
    } catch (caught) {
      setError(errorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    const pending = enrollment;
    setEnrollment(null);
    setCode('');
    setError(null);
    focusAfterRender(startButton);
    setMode('idle');
    if (pending) await unenrollFactor(pending.id).catch(() => undefined);
  };

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !enrollment) return;
    if (!/^\d{6}$/.test(code)) {
      setError(t('security.twoStep.invalidFormat'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const challenge = await challengeFactor(enrollment.id);
      const session = await verifyFactor(enrollment.id, challenge.id, code);
      await controller.applySession(session, 'MFA_CHALLENGE_VERIFIED');
      await controller.reloadUser().catch(() => undefined);
      setEnrollment(null);
      setCode('');
      focusAfterRender(offButton);
      setMode('idle');
      setStatus(t('security.twoStep.turnedOn'));
    } catch (caught) {
      setCode('');
      setError(errorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    if (!verified) return;
    setBusy(true);
    setError(null);
    try {
      await unenrollFactor(verified.id);
      await controller.reloadUser().catch(() => undefined);
      focusAfterRender(startButton);
      setMode('idle');
      setStatus(t('security.twoStep.turnedOff'));
    } catch (caught) {
      setError(errorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="security-item" aria-labelledby="two-step-heading">
      <h3 id="two-step-heading">{t('security.twoStep.heading')}</h3>
      <p>{verified ? t('security.twoStep.onText') : t('security.twoStep.offText')}</p>
      <p className="form-status" role="status">
        {status}
      </p>
      <FormError error={error} />

      {mode === 'enrolling' && enrollment ? (
        <form className="auth-form two-step-setup" noValidate onSubmit={(event) => void confirm(event)}>
          <ol className="setup-steps">
            <li>
              <p>{t('security.twoStep.step1')}</p>
              <img className="qr-code" src={enrollment.totp.qr_code} alt={t('security.twoStep.qrAlt')} width={200} height={200} />
              <p className="secret-label">{t('security.twoStep.secretLabel')}</p>
              <p className="secret-value">
                <code data-testid="totp-secret">{enrollment.totp.secret}</code>
              </p>
            </li>
            <li>
              <p>{t('security.twoStep.step2')}</p>
              <OneTimeCodeField id="two-step-code" label={t('security.twoStep.code')} value={code} onChange={setCode} inputRef={codeInput} />
            </li>
          </ol>
          <div className="button-row">
            <button type="submit" className="button button-primary" disabled={busy || code.length !== 6}>
              {busy ? t('security.twoStep.confirming') : t('security.twoStep.confirm')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => void cancel()} disabled={busy}>
              {t('security.twoStep.cancel')}
            </button>
          </div>
        </form>
      ) : verified ? (
        mode === 'confirmOff' ? (
          <div className="confirm-box" role="group" aria-labelledby="two-step-off-question">
            <p id="two-step-off-question">{t('security.twoStep.confirmOff')}</p>
            <ConfirmButtons
              yes={t('security.twoStep.confirmOffYes')}
              onYes={() => void turnOff()}
              no={t('security.twoStep.keepOn')}
              onNo={() => {
                focusAfterRender(offButton);
                setMode('idle');
              }}
              noRef={keepButton}
              busy={busy}
            />
          </div>
        ) : (
          <button
            type="button"
            ref={offButton}
            className="button button-secondary"
            onClick={() => {
              setStatus('');
              focusAfterRender(keepButton);
              setMode('confirmOff');
            }}
          >
            {t('security.twoStep.turnOff')}
          </button>
        )
      ) : (
        <button type="button" ref={startButton} className="button button-primary" onClick={() => void start()} disabled={busy}>
          {busy ? t('security.twoStep.starting') : t('security.twoStep.turnOn')}
        </button>
      )}
    </section>
  );
}
