import { useState, type ChangeEvent, type FocusEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  describedBy?: string | undefined;
  invalid?: boolean;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

/** A password input with a show/hide toggle button whose name says what pressing it does next. */
export function PasswordField({ id, label, value, onChange, autoComplete, describedBy, invalid, required = true, inputRef, onBlur }: PasswordFieldProps) {
  const { t } = useTranslation('auth');
  const [shown, setShown] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-input">
        <input
          id={id}
          ref={inputRef}
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
          autoComplete={autoComplete}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required={required}
          onBlur={onBlur}
          aria-describedby={describedBy || undefined}
          aria-invalid={invalid ? true : undefined}
        />
        <button
          type="button"
          className="password-toggle"
          aria-controls={id}
          aria-label={shown ? t('hidePassword') : t('showPassword')}
          onClick={() => setShown((current) => !current)}
        >
          <EyeIcon crossed={shown} />
          <span className="password-toggle-long" aria-hidden="true">
            {shown ? t('hidePassword') : t('showPassword')}
          </span>
          <span className="password-toggle-short" aria-hidden="true">
            {shown ? t('hidePasswordShort') : t('showPasswordShort')}
          </span>
        </button>
      </div>
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      {crossed ? <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M3 3l18 18" /> : null}
    </svg>
  );
}
