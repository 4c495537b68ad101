import { useId, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

interface RecoveryCodePanelProps {
  code: string;
  heading: string;
  intro: string;
  /** A second paragraph after the intro, for what the person can do next. */
  note?: string;
  continueLabel: string;
  onContinue: () => void;
  headingRef?: RefObject<HTMLHeadingElement | null>;
}

/**
 * Shows a recovery code once, with a copy button, and goes on only after the person confirms they
 * saved it.
 */
export function RecoveryCodePanel({ code, heading, intro, note, continueLabel, onContinue, headingRef }: RecoveryCodePanelProps) {
  const { t } = useTranslation('auth');
  const [saved, setSaved] = useState(false);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const checkboxId = useId();
  const codeId = useId();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  };

  return (
    <section className="recovery-code" aria-labelledby={`${codeId}-heading`}>
      <h1 id={`${codeId}-heading`} ref={headingRef} tabIndex={-1}>
        {heading}
      </h1>
      <p>{intro}</p>
      {note ? <p>{note}</p> : null}
      <p className="recovery-code-label" id={codeId}>
        {t('recoveryCode.label')}
      </p>
      <p className="recovery-code-value" data-testid="recovery-code">
        <code>{code}</code>
      </p>
      <p className="button-row">
        <button type="button" className="button button-secondary" onClick={() => void copy()}>
          {t('recoveryCode.copy')}
        </button>
      </p>
      <p className="form-status" role="status">
        {copyState === 'copied' ? t('recoveryCode.copied') : copyState === 'failed' ? t('recoveryCode.copyFailed') : ''}
      </p>
      <p className="recovery-code-tip">{t('recoveryCode.tip')}</p>
      <div className="check-field">
        <input id={checkboxId} type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} />
        <label htmlFor={checkboxId}>{t('recoveryCode.confirm')}</label>
      </div>
      <button type="button" className="button button-primary button-block" disabled={!saved} onClick={onContinue}>
        {continueLabel}
      </button>
    </section>
  );
}
