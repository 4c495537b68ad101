import { useLayoutEffect, useSyncExternalStore, type RefObject } from 'react';

const subscribe = () => () => {};

/**
 * False in the server render and during hydration, true afterwards. Forms keep their submit button
 * disabled until then, so without JavaScript nothing (a password least of all) is submitted as a
 * plain HTML form.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * Keeps what someone typed into a server-rendered input before the page's JavaScript ran: right
 * after hydration (before React next writes the controlled value) the text is copied into state.
 * Without it the field shows the words while the state is empty: Send stays disabled, a search
 * ignores them, a password manager's fill is lost.
 */
export function useKeepTypedValue(ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null>, setValue: (value: string) => void): void {
  useLayoutEffect(() => {
    const typed = ref.current?.value;
    if (typed) setValue(typed);
  }, []); // once, right after hydration
}
