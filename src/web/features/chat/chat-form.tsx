import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ChatFormProps {
  /** The form's accessible name. */
  label: string;
  /** The message input (children) has this id; its label is for screen readers only. */
  inputId: string;
  inputLabel: string;
  canSend: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
  /** Shown after Send, inside the form (the characters-left counter). */
  afterSend?: ReactNode;
}

/** The message box and its Send button, in the live chat and the test chat. */
export function ChatForm({ label, inputId, inputLabel, canSend, onSubmit, children, afterSend }: ChatFormProps) {
  const { t } = useTranslation('chat');
  return (
    <form className="chat-form" onSubmit={(event) => void onSubmit(event)} aria-label={label}>
      <label className="visually-hidden" htmlFor={inputId}>
        {inputLabel}
      </label>
      {children}
      <button type="submit" className="button button-primary chat-send" disabled={!canSend}>
        {t('send')}
      </button>
      {afterSend}
    </form>
  );
}
