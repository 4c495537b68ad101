import { useEffect, type MouseEvent } from 'react';
import { forgetVisit } from '../lib/forget-visit.ts';

/** Two presses of Escape within this window leave the site. */
const DOUBLE_ESCAPE_WINDOW_MS = 1_000;

/**
 * Set in the tab's sessionStorage by every page, and cleared with it by Quick exit. Any Ellis page
 * of this tab that Back brings back from memory (this one, or one left earlier) and finds it
 * missing starts afresh. The flag covers browsers that block storage.
 */
const VISIT_MARKER_KEY = 'ellis.visit';
let leftByQuickExit = false;

function markVisit(): void {
  try {
    window.sessionStorage.setItem(VISIT_MARKER_KEY, '1');
  } catch {
    // Blocked storage: only the flag works.
  }
}

function visitForgotten(): boolean {
  try {
    return window.sessionStorage.getItem(VISIT_MARKER_KEY) === null;
  } catch {
    return false;
  }
}

function leave(url: string): void {
  forgetVisit();
  leftByQuickExit = true;
  // Nothing of the visit may show should the browser restore this page from its back/forward cache.
  document.documentElement.hidden = true;
  // replace() keeps this site out of the Back button's history.
  window.location.replace(url);
}

/** A page restored from the back/forward cache after Quick exit still holds the visit in memory. */
function onPageShow(event: PageTransitionEvent): void {
  if (event.persisted && (leftByQuickExit || visitForgotten())) window.location.reload();
}

export interface QuickExitLinkProps {
  /** Where the exit goes (the configured neutral site). */
  url: string;
  label: string;
  hint: string;
}

/**
 * For someone whose abuser may walk in: one tap (or Escape twice) forgets the visit in this tab and
 * swaps this site for a neutral one. Without JavaScript it is still a plain link to the same place.
 * Its words come in already translated, so a public page hydrates it without an i18n runtime.
 */
export function QuickExitLink({ url: quickExitUrl, label, hint }: QuickExitLinkProps) {
  useEffect(() => {
    markVisit();
    let lastEscapeAt = Number.NEGATIVE_INFINITY;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const now = performance.now();
      if (now - lastEscapeAt <= DOUBLE_ESCAPE_WINDOW_MS) {
        leave(quickExitUrl);
        return;
      }
      lastEscapeAt = now;
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [quickExitUrl]);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    leave(quickExitUrl);
  };

  return (
    <a className="quick-exit" href={quickExitUrl} rel="noreferrer" onClick={onClick} title={hint}>
      <span aria-hidden="true">✕ </span>
      {label}
      <span className="visually-hidden">. {hint}</span>
    </a>
  );
}
