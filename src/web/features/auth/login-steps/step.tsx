import type { RefObject } from 'react';

/** What every step of /login gets from the page: its heading's ref, and the page's busy and error state. */
export interface StepProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
  hydrated: boolean;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  error: string | null;
  setError: (error: string | null) => void;
}

/** The step's one error line, announced when it appears. */
export function FormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p className="form-error" role="alert">
      {error}
    </p>
  );
}
