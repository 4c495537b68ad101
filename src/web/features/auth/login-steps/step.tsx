import type { ReactNode, RefObject } from 'react';

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

/** The step's heading (focused when the step changes) and the line under it. */
export function StepHeading({ headingRef, title, intro }: { headingRef: StepProps['headingRef']; title: ReactNode; intro: ReactNode }) {
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <p className="auth-intro">{intro}</p>
    </>
  );
}
