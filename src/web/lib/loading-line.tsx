import type { ReactNode } from 'react';

/** "Loading…" with a spinner, announced politely; `className` places it (chat log, dashboard). */
export function LoadingLine({ className, children }: { className: string; children: ReactNode }) {
  return (
    <p className={className} role="status">
      <span className="spinner" aria-hidden="true" />
      {children}
    </p>
  );
}
