import { useState, type FocusEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '../../lib/line-icon.tsx';
import { Field } from './field.tsx';
import { VerbatimInput } from './verbatim-input.tsx';

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
    <Field id={id} label={label}>
      <div className="password-input">
        <VerbatimInput
          id={id}
          inputRef={inputRef}
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
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
    </Field>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <LineIcon d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z">
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      {crossed ? <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M3 3l18 18" /> : null}
    </LineIcon>
  );
}
