import type { ReactNode } from 'react';

/**
 * A link that opens in a new tab without giving the other site a handle on this one; `note` says so
 * to screen readers, already translated (islands have no i18n runtime).
 */
export function NewTabLink({ href, className, note, children }: { href: string; className?: string; note: string; children: ReactNode }) {
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {note}</span>
    </a>
  );
}
