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
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="code-input"
        type="text"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        aria-describedby={hint ? hintId : undefined}
        required
      />
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
