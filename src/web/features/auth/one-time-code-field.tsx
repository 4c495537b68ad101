import type { ReactNode, Ref } from 'react';
import { Field, hintIdOf } from './field.tsx';

interface OneTimeCodeFieldProps {
  id: string;
  label: string;
  value: string;
  /** Gets the digits only, six at the most. */
  onChange: (code: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown under the input and read with it. */
  hint?: ReactNode;
}

/** The six-digit code from an authenticator app (sign-in's second step, turning two-step verification on). */
export function OneTimeCodeField({ id, label, value, onChange, inputRef, hint }: OneTimeCodeFieldProps) {
  return (
    <Field id={id} label={label} hint={hint}>
      <input
        id={id}
        ref={inputRef}
        className="code-input"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
        aria-describedby={hint ? hintIdOf(id) : undefined}
        required
      />
    </Field>
  );
}
