import type { ReactNode } from 'react';

/** The id of a field's hint, for the input's aria-describedby. */
export function hintIdOf(id: string): string {
  return `${id}-hint`;
}

/** A form field: the label for the input with `id`, the input (children), and an optional hint under it. */
export function Field({ id, label, hint, children }: { id: string; label: ReactNode; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <p className="field-hint" id={hintIdOf(id)}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
