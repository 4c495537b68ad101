import { useCallback, useEffect, useRef, type RefObject } from 'react';

/**
 * Keeps keyboard users in place when a state change swaps what is on screen (a form opens, a
 * confirmation closes): call the returned function with a ref before the change, and once the page
 * has rendered, the element the ref then holds gets the focus.
 */
export function useFocusAfterRender(): (target: RefObject<HTMLElement | null>) => void {
  const pending = useRef<RefObject<HTMLElement | null> | null>(null);
  useEffect(() => {
    const target = pending.current;
    pending.current = null;
    target?.current?.focus();
  });
  return useCallback((target: RefObject<HTMLElement | null>) => {
    pending.current = target;
  }, []);
}
