import { useState, type RefObject } from 'react';
import { useFocusAfterRender } from './use-focus-after-render.ts';

/**
 * An "Are you sure?" step in place of the button that asks it. `ask()` shows the question and moves
 * the focus into it (`questionFocus`: the safe answer, or the question itself); `dismiss()` hides it
 * and gives the focus back to the asking button.
 */
export function useConfirmation(askingButton: RefObject<HTMLElement | null>, questionFocus: RefObject<HTMLElement | null>) {
  const [confirming, setConfirming] = useState(false);
  const focusAfterRender = useFocusAfterRender();
  const ask = () => {
    focusAfterRender(questionFocus);
    setConfirming(true);
  };
  const dismiss = () => {
    focusAfterRender(askingButton);
    setConfirming(false);
  };
  return { confirming, ask, dismiss };
}
