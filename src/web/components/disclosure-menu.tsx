import type { MouseEvent, ReactNode } from 'react';
import { useMenuOpen } from '../lib/use-menu-open.ts';

export interface DisclosureMenuProps {
  /** Class of the <details>, e.g. nav-narrow. */
  className: string;
  summaryClassName: string;
  panelClassName: string;
  /** The toggle's visible words, already translated. */
  label: string;
  /** Words for screen readers only, read before the label (e.g. "Language:"). */
  hiddenPrefix?: string;
  icon: 'menu' | 'globe';
  /** The panel's content as React elements (server render). */
  panel?: ReactNode;
  /**
   * The panel's content as the server rendered it, read from the page when hydrating: its links
   * need no JavaScript, so they are never sent twice (see src/web/islands.tsx).
   */
  panelHtml?: string;
}

function GlobeIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3.5 9h17M3.5 15h17M12 3c-2.5 2.5-3.5 5.5-3.5 9s1 6.5 3.5 9c2.5-2.5 3.5-5.5 3.5-9s-1-6.5-3.5-9z"
      />
    </svg>
  );
}

/**
 * A <details> menu (the small-screen navigation, the language switcher): it opens and closes
 * without JavaScript. With JavaScript, choosing an item or pressing Escape also closes it, and
 * Escape puts focus back on its toggle. (Escape still counts towards the quick exit's double
 * Escape: that must work whatever is open.)
 */
export function DisclosureMenu({ className, summaryClassName, panelClassName, label, hiddenPrefix, icon, panel, panelHtml }: DisclosureMenuProps) {
  const { open, setOpen, toggleRef } = useMenuOpen();

  const closeOnChoose = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest('a, button')) setOpen(false);
  };

  return (
    <details className={className} open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={summaryClassName} ref={toggleRef}>
        {icon === 'menu' ? <span className="menu-icon" aria-hidden="true" /> : <GlobeIcon />}
        {hiddenPrefix ? <span className="visually-hidden">{hiddenPrefix}: </span> : null}
        {icon === 'globe' ? <span className="language-name">{label}</span> : label}
      </summary>
      {panel !== undefined ? (
        <div className={panelClassName} data-island-slot="" onClick={closeOnChoose}>
          {panel}
        </div>
      ) : (
        <div className={panelClassName} data-island-slot="" onClick={closeOnChoose} dangerouslySetInnerHTML={{ __html: panelHtml ?? '' }} />
      )}
    </details>
  );
}
