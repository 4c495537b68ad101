import { useEffect, useRef, useState } from 'react';

/**
 * Whether a <details> menu is open, and its toggle: Escape closes the open menu and puts focus back
 * on the toggle. (Escape still counts towards the quick exit's double Escape: that must work
 * whatever is open.)
 */
export function useMenuOpen() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return { open, setOpen, toggleRef };
}
