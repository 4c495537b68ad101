import { Field, hintIdOf } from './field.tsx';
import { VerbatimInput } from './verbatim-input.tsx';

interface RecoveryCodeFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the input and read with it. */
  hint?: string;
}

/** The recovery code input of "forgot password" and of a lost phone: typed as seen, never autofilled or corrected. */
export function RecoveryCodeField({ id, label, value, onChange, hint }: RecoveryCodeFieldProps) {
  return (
    <Field id={id} label={label} hint={hint}>
      <VerbatimInput
        id={id}
        className="code-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        aria-describedby={hint ? hintIdOf(id) : undefined}
        required
      />
    </Field>
  );
}
