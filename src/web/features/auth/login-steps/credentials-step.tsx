import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_PATH, SIGN_IN_PATH } from '../../../lib/paths.ts';
import { passwordErrors, usernameErrors } from '../../../../shared/validation/account-rules.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useKeepTypedValue } from '../../../lib/use-hydrated.ts';
import { useAuthController } from '../auth-provider.tsx';
import { isUsernameAvailable, signInWithPassword, signUp } from '../auth-api.ts';
import { errorMessage } from '../error-text.ts';
import { Field } from '../field.tsx';
import { FieldProblems } from '../field-problems.tsx';
import { PasswordField } from '../password-field.tsx';
import { RuleList } from '../rule-list.tsx';
import { VerbatimInput } from '../verbatim-input.tsx';
import { passwordProblems, passwordRules, usernameProblems, usernameRules } from '../rules.ts';
import { StepForm, StepHeading, beginSubmit, sendStep, type StepProps } from './step.tsx';

type Mode = 'signIn' | 'signUp';

/** The sign-up mode has its own address, so "Create one" is a real link that works before JavaScript. */
const SIGN_UP_PATH = `${SIGN_IN_PATH}?mode=signup`;

interface Availability {
  username: string;
  state: 'checking' | 'available' | 'taken' | 'failed';
}

const AVAILABILITY_DEBOUNCE_MS = 400;

/**
 * The sign-in / sign-up form (SPEC §2 Login, §5): username and password, the live checklists and
 * rule messages in sign-up mode, and the link to the other mode (docs/decisions/053).
 */
export function CredentialsStep({
  username,
  setUsername,
  password,
  setPassword,
  notice,
  setNotice,
  onRecoveryCode,
  onNeedsSecondFactor,
  onForgot,
  ...step
}: StepProps & {
  username: string;
  setUsername: (username: string) => void;
  password: string;
  setPassword: (password: string) => void;
  notice: string | null;
  setNotice: (notice: string | null) => void;
  /** Sign-up done: the one-time recovery code to show. */
  onRecoveryCode: (code: string) => void;
  onNeedsSecondFactor: () => void;
  onForgot: () => void;
}) {
  const { t } = useTranslation('auth');
  const { hydrated, setError } = step;
  const controller = useAuthController();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // The page was rendered in sign-in mode at build time: the address decides only once hydrated.
  const mode: Mode = hydrated && searchParams.get('mode') === 'signup' ? 'signUp' : 'signIn';
  // Rule messages appear after a submit attempt, or once a field with something in it is left.
  const [attempted, setAttempted] = useState(false);
  const [left, setLeft] = useState({ username: false, password: false });
  // A field is left by pressing on something else: the messages then appear only once the press is
  // over, or they would move the pressed button or link away before its click lands.
  const pointerDown = useRef(false);
  useEffect(() => {
    const down = () => (pointerDown.current = true);
    const up = () => (pointerDown.current = false);
    window.addEventListener('pointerdown', down, true);
    window.addEventListener('pointerup', up, true);
    window.addEventListener('pointercancel', up, true);
    return () => {
      window.removeEventListener('pointerdown', down, true);
      window.removeEventListener('pointerup', up, true);
      window.removeEventListener('pointercancel', up, true);
    };
  }, []);
  const leaveField = (field: 'username' | 'password') => () => {
    const mark = () => setLeft((current) => ({ ...current, [field]: true }));
    if (!pointerDown.current) return mark();
    // The click comes right after pointerup, in the same task; the timer runs after it.
    const afterPress = () => setTimeout(mark, 0);
    window.addEventListener('pointerup', afterPress, { once: true });
    window.addEventListener('pointercancel', afterPress, { once: true });
  };
  const [availability, setAvailability] = useState<Availability | null>(null);
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  useKeepTypedValue(usernameInput, setUsername);
  useKeepTypedValue(passwordInput, setPassword);

  const signingUp = mode === 'signUp';
  const usernameValid = usernameErrors(username).length === 0;
  const passwordValid = passwordErrors(password).length === 0;

  // Sign-up: check the username is free once it meets the rules (SPEC §5).
  useEffect(() => {
    if (!signingUp || !usernameValid) {
      setAvailability(null);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      setAvailability({ username, state: 'checking' });
      isUsernameAvailable(username, abort.signal).then(
        (available) => setAvailability({ username, state: available ? 'available' : 'taken' }),
        () => {
          if (!abort.signal.aborted) setAvailability({ username, state: 'failed' });
        },
      );
    }, AVAILABILITY_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [signingUp, username, usernameValid]);

  // Switching mode (by its link, or Back) clears the error and the rule messages (SPEC §2 Login).
  const previousMode = useRef(mode);
  useEffect(() => {
    if (previousMode.current === mode) return;
    previousMode.current = mode;
    setError(null);
    setNotice(null);
    setAttempted(false);
    setLeft({ username: false, password: false });
  }, [mode]);

  const submitCredentials = async (event: FormEvent<HTMLFormElement>) => {
    if (!beginSubmit(step, event)) return;
    setAttempted(true);
    setNotice(null);
    if (!usernameValid) {
      setError(t('messages.fixUsername'));
      return;
    }
    if (signingUp && !passwordValid) {
      setError(t('messages.fixPassword'));
      return;
    }
    await sendStep(step, async () => {
      if (signingUp) {
        let available: boolean;
        if (availability?.username === username && availability.state === 'available') {
          available = true;
        } else {
          try {
            available = await isUsernameAvailable(username);
          } catch {
            setError(t('errors.availabilityFailed'));
            return;
          }
        }
        if (!available) {
          setAvailability({ username, state: 'taken' });
          setError(t('messages.usernameTaken'));
          return;
        }
        const result = await signUp(username, password);
        if (!result?.user) {
          setError(t('errors.createFailed'));
          return;
        }
        setPassword('');
        if (result.recovery_code) onRecoveryCode(result.recovery_code);
        await controller.applySession(result, 'SIGNED_IN');
        if (!result.recovery_code) void navigate(DASHBOARD_PATH);
      } else {
        const session = await signInWithPassword(username, password);
        if (!session?.user) {
          setError(t('errors.loginFailed'));
          return;
        }
        const outcome = await controller.applySession(session, 'SIGNED_IN');
        setPassword('');
        if (outcome === 'needsSecondFactor') {
          onNeedsSecondFactor();
          return;
        }
        void navigate(DASHBOARD_PATH);
      }
    }, (caught) => {
      if (signingUp && caught instanceof ApiError && caught.code === 'user_already_exists') {
        setAvailability({ username, state: 'taken' });
        return t('messages.usernameTaken');
      }
      return errorMessage(caught, t);
    });
  };

  const usernameStatus =
    signingUp && availability?.username === username
      ? availability.state === 'taken'
        ? { text: t('messages.usernameTaken'), className: 'field-error' }
        : availability.state === 'failed'
          ? { text: t('errors.availabilityFailed'), className: 'field-error' }
          : availability.state === 'checking'
            ? { text: t('availability.checking'), className: 'field-hint' }
            : { text: t('availability.available'), className: 'field-ok' }
      : null;
  const submitDisabled = signingUp && (!usernameValid || !passwordValid);
  // Sign-in shows them after a submit only; sign-up (whose submit waits for the rules) also on leaving.
  const showUsernameProblems = attempted || (signingUp && left.username && username !== '');
  const showPasswordProblems = signingUp && (attempted || (left.password && password !== ''));
  const usernameMessages = showUsernameProblems ? usernameProblems(username, t) : [];
  const passwordMessages = showPasswordProblems ? passwordProblems(password, t) : [];
  const usernameDescribedBy = [signingUp ? 'username-rules username-status' : '', usernameMessages.length > 0 ? 'username-problems' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <StepHeading
        headingRef={step.headingRef}
        title={signingUp ? t('heading.signUp') : t('heading.signIn')}
        intro={signingUp ? t('intro.signUp') : t('intro.signIn')}
      />
      <noscript>
        <p className="form-error">{t('noscript')}</p>
      </noscript>
      {notice ? (
        <p className="form-notice" role="status">
          {notice}
        </p>
      ) : null}
      <StepForm
        step={step}
        onSubmit={submitCredentials}
        submitDisabled={submitDisabled}
        submitLabel={signingUp ? t('submit.signUp') : t('submit.signIn')}
        busyLabel={signingUp ? t('submit.signingUp') : t('submit.signingIn')}
      >
        <Field id="login-username" label={t('username')}>
          <VerbatimInput
            id="login-username"
            inputRef={usernameInput}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            autoComplete="username"
            required
            onBlur={leaveField('username')}
            aria-describedby={usernameDescribedBy || undefined}
            aria-invalid={usernameMessages.length > 0 || (signingUp && usernameStatus?.className === 'field-error') ? true : undefined}
          />
          {signingUp ? null : <FieldProblems id="username-problems" problems={usernameMessages} />}
        </Field>
        {signingUp ? (
          <>
            <RuleList id="username-rules" heading={t('rules.usernameHeading')} rules={usernameRules(username, t)} />
            <FieldProblems id="username-problems" problems={usernameMessages} />
            <p id="username-status" className={usernameStatus?.className ?? 'field-hint'} aria-live="polite">
              {usernameStatus?.text ?? ''}
            </p>
          </>
        ) : null}
        <PasswordField
          id="login-password"
          inputRef={passwordInput}
          label={t('password')}
          value={password}
          onChange={setPassword}
          autoComplete={signingUp ? 'new-password' : 'current-password'}
          describedBy={signingUp ? `password-rules${passwordMessages.length > 0 ? ' password-problems' : ''}` : undefined}
          invalid={passwordMessages.length > 0}
          onBlur={leaveField('password')}
        />
        {signingUp ? (
          <>
            <RuleList id="password-rules" heading={t('rules.passwordHeading')} rules={passwordRules(password, t)} />
            <FieldProblems id="password-problems" problems={passwordMessages} />
          </>
        ) : (
          <p className="forgot-row">
            <button type="button" className="link-button" onClick={onForgot}>
              {t('forgot.link')}
            </button>
          </p>
        )}
      </StepForm>
      <p className="auth-switch">
        <span>{signingUp ? t('switchMode.toSignInPrompt') : t('switchMode.toSignUpPrompt')}</span>{' '}
        <Link className="link-button" to={signingUp ? SIGN_IN_PATH : SIGN_UP_PATH}>
          {signingUp ? t('switchMode.toSignIn') : t('switchMode.toSignUp')}
        </Link>
      </p>
    </>
  );
}
