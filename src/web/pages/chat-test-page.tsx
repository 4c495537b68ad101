import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '../i18n/intl.ts';
import { sendTestChat, type TestChatTurn } from '../features/chat/chat-api.ts';
import { ChatForm } from '../features/chat/chat-form.tsx';
import { MessageText } from '../features/chat/message-text.tsx';
import { MAX_CHAT_MESSAGE_LENGTH, chatMessageLength } from '../../shared/chat-limits.ts';
import { useKeepTypedValue } from '../lib/use-hydrated.ts';
import chatStyles from '../styles/chat.css?url';
import { LoadingLine } from '../lib/loading-line.tsx';

/**
 * The test chat (SPEC §2, route ending "-test"): a plain chat with the assistant through
 * POST /api/ai-test-chat. Nothing is stored; the whole conversation is sent each time.
 */
export function ChatTestPage() {
  const { t } = useTranslation('chat');
  const locale = useIntlLocale();
  const [messages, setMessages] = useState<TestChatTurn[]>([]);
  const [input, setInput] = useState('');
  const [waiting, setWaiting] = useState(false);
  const waitingRef = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  useKeepTypedValue(inputRef, setInput);
  const idPrefix = useId();

  const trimmed = input.trim();
  const tooLong = chatMessageLength(trimmed) > MAX_CHAT_MESSAGE_LENGTH;
  const canSend = trimmed !== '' && !waiting && !tooLong;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSend || waitingRef.current) return;
    waitingRef.current = true;
    const next: TestChatTurn[] = [...messages, { role: 'user', content: trimmed }];
    setMessages(next);
    setInput('');
    setWaiting(true);
    try {
      const { message } = await sendTestChat(next);
      setMessages((current) => [...current, { role: 'assistant', content: message.content }]);
    } catch {
      setMessages((current) => [...current, { role: 'assistant', content: t('notice.failed') }]);
    } finally {
      waitingRef.current = false;
      setWaiting(false);
    }
  };

  return (
    <div className="page chat-page chat-test-page">
      <link rel="stylesheet" href={chatStyles} precedence="default" />
      <h1>{t('test.title')}</h1>
      <p className="chat-subtitle">{t('test.intro')}</p>
      <div className="chat-log" role="log" aria-label={t('test.conversationLabel')} tabIndex={0}>
        {messages.map((message, index) => {
          const sender = message.role === 'user' ? 'user' : 'ai';
          return (
            <div key={index} className={`chat-row chat-row-${sender}`}>
              <div className={`chat-bubble chat-bubble-${sender}`}>
                <p className="chat-bubble-sender">{t(`sender.${sender}`)}</p>
                <p className="chat-bubble-text">
                  <MessageText text={message.content} />
                </p>
              </div>
            </div>
          );
        })}
      </div>
      {waiting ? (
        <LoadingLine className="chat-loading">{t('test.waiting')}</LoadingLine>
      ) : null}
      {tooLong ? (
        <p className="chat-notice" role="alert">
          {t('notice.tooLong', {
            length: chatMessageLength(trimmed).toLocaleString(locale),
            max: MAX_CHAT_MESSAGE_LENGTH.toLocaleString(locale),
          })}
        </p>
      ) : null}
      <ChatForm label={t('test.formLabel')} inputId={`${idPrefix}-input`} inputLabel={t('test.inputLabel')} canSend={canSend} onSubmit={submit}>
        <input
          ref={inputRef}
          id={`${idPrefix}-input`}
          className="chat-input"
          type="text"
          placeholder={t('test.placeholder')}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          aria-invalid={tooLong || undefined}
        />
      </ChatForm>
    </div>
  );
}
