import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageText } from './message-text.tsx';
import { useIntlLocale } from '../../i18n/intl.ts';

/** A message bubble (SPEC §2 Chat): who, the text, and the time; at most 80% of the column wide. */
export function MessageBubble({
  sender,
  content,
  createdAt,
  children,
}: {
  sender: 'ai' | 'user';
  content: string;
  createdAt: string | null;
  /** Shown under the text (the typing line while a reply streams). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('chat');
  const locale = useIntlLocale();
  const date = createdAt ? new Date(createdAt) : null;
  return (
    <div className={`chat-bubble chat-bubble-${sender}`}>
      <p className="chat-bubble-sender">{t(`sender.${sender}`)}</p>
      {content !== '' ? (
        <p className="chat-bubble-text">
          <MessageText text={content} />
        </p>
      ) : null}
      {children}
      {date && !Number.isNaN(date.getTime()) ? (
        <p className="chat-bubble-time">
          <time dateTime={date.toISOString()}>{date.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' })}</time>
        </p>
      ) : null}
    </div>
  );
}
