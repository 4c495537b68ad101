import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranscriptLine } from './voice-call.ts';

/**
 * The Conversation panel (SPEC §2): final transcript lines, Ellis's labelled "Ellis" and the
 * person's "You". At most 16rem tall; it scrolls to the newest line, which screen readers hear
 * politely (role="log"). Focusable so keyboard users can scroll it.
 */
export function ConversationPanel({ lines }: { lines: readonly TranscriptLine[] }) {
  const { t } = useTranslation('voice');
  const logRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [lines]);

  return (
    <section className="voice-conversation" aria-labelledby="voice-conversation-heading">
      <h2 id="voice-conversation-heading">{t('conversation.heading')}</h2>
      <div
        ref={logRef}
        className="voice-conversation-log"
        role="log"
        aria-live="polite"
        aria-labelledby="voice-conversation-heading"
        tabIndex={0}
      >
        {lines.length === 0 ? (
          <p className="voice-conversation-empty">{t('conversation.empty')}</p>
        ) : (
          <ol className="voice-conversation-lines">
            {lines.map((line) => (
              <li key={line.id} className={`voice-line voice-line-${line.role}`}>
                <span className="voice-line-speaker">
                  {line.role === 'assistant' ? t('conversation.assistant') : t('conversation.user')}
                </span>{' '}
                <span className="voice-line-text">{line.content}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
