import type { ReactNode, Ref } from 'react';

interface ConfirmButtonsProps {
  /** The button that does the dangerous thing. */
  yes: ReactNode;
  onYes: () => void;
  /** The button that keeps things as they are; it gets the focus when the question appears. */
  no: ReactNode;
  onNo: () => void;
  noRef: Ref<HTMLButtonElement>;
  busy: boolean;
}

/** The two answers to "Are you sure?": both wait while the answer is being carried out. */
export function ConfirmButtons({ yes, onYes, no, onNo, noRef, busy }: ConfirmButtonsProps) {
  return (
    <div className="button-row">
      <button type="button" className="button button-danger" onClick={onYes} disabled={busy}>
        {yes}
      </button>
      <button type="button" ref={noRef} className="button button-secondary" disabled={busy} onClick={onNo}>
        {no}
      </button>
    </div>
  );
}
