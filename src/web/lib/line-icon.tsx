import type { ReactNode } from 'react';

/**
 * A decorative 24×24 line drawing in the text colour (hidden from screen readers: the control's
 * name says what it does). `d` is the main stroke; children add further shapes.
 */
export function LineIcon({ className = 'icon', d, children }: { className?: string; d: string; children?: ReactNode }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d={d} />
      {children}
    </svg>
  );
}
