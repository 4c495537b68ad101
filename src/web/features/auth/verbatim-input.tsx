import type { InputHTMLAttributes, Ref } from 'react';

/**
 * A text input for what must be typed exactly as seen (usernames, passwords, codes, web addresses):
 * the phone's keyboard neither capitalises, corrects nor spell-checks it. Props given win.
 */
export function VerbatimInput({ inputRef, ...props }: InputHTMLAttributes<HTMLInputElement> & { inputRef?: Ref<HTMLInputElement> | undefined }) {
  return <input ref={inputRef} type="text" autoCapitalize="none" autoCorrect="off" spellCheck={false} {...props} />;
}
