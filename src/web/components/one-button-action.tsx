import { useState } from 'react';

interface OneButtonActionProps {
  /** Id of the heading, which names the section. */
  headingId: string;
  heading: string;
  text: string;
  button: string;
  /** The button's words while the action runs. */
  busyButton: string;
  /** Said in the status line when the action has finished. */
  done: string;
  /** The alert's words when the action fails. */
  errorText: (caught: unknown) => string;
  run: () => Promise<void>;
}

/** A dashboard section that does one thing on one button, with its busy state, status line and alert. */
export function OneButtonAction({ headingId, heading, text, button, busyButton, done, errorText, run }: OneButtonActionProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const start = async () => {
    setBusy(true);
    setError(null);
    setStatus('');
    try {
      await run();
      setStatus(done);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="security-item" aria-labelledby={headingId}>
      <h3 id={headingId}>{heading}</h3>
      <p>{text}</p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="form-status" role="status">
        {status}
      </p>
      <button type="button" className="button button-secondary" onClick={() => void start()} disabled={busy}>
        {busy ? busyButton : button}
      </button>
    </section>
  );
}
