import type { FormEvent, ReactNode, RefObject } from 'react';
import { FormError } from '../form-error.tsx';

/** What every step of /login gets from the page: its heading's ref, and the page's busy and error state. */
export interface StepProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
  hydrated: boolean;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  error: string | null;
  setError: (error: string | null) => void;
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

/** The start of every step's submit: the browser does not post the form, and the old error line goes. False while busy: nothing more to do. */
export function beginSubmit(step: StepProps, event: FormEvent<HTMLFormElement>): boolean {
  event.preventDefault();
  if (step.busy) return false;
  step.setError(null);
  return true;
}

/**
 * Sends a step's request with the page busy; what it throws becomes the step's error line through
 * `failureText`. The page is not busy again afterwards, whatever happened.
 */
export async function sendStep(step: StepProps, send: () => Promise<void>, failureText: (caught: unknown) => string): Promise<void> {
  step.setBusy(true);
  try {
    await send();
  } catch (caught) {
    step.setError(failureText(caught));
  } finally {
    step.setBusy(false);
  }
}

interface StepFormProps {
  step: StepProps;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** Besides "not yet hydrated" and "busy", which always disable it. */
  submitDisabled: boolean;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
}

/** A step's form: its fields, the error line, and the submit button that says when it is working. */
export function StepForm({ step, onSubmit, submitDisabled, submitLabel, busyLabel, children }: StepFormProps) {
  return (
    <form className="auth-form" method="post" noValidate onSubmit={(event) => void onSubmit(event)}>
      {children}
      <FormError error={step.error} />
      <button type="submit" className="button button-primary button-block" disabled={!step.hydrated || step.busy || submitDisabled}>
        {step.busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}

/** A line under the step's form with one link-looking button ("Back", "Lost your phone?"). */
export function StepSwitchButton({ onClick, disabled, children }: { onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <p className="auth-switch">
      <button type="button" className="link-button" onClick={onClick} disabled={disabled}>
        {children}
      </button>
    </p>
  );
}
