import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { SIGN_IN_PATH } from '../lib/paths.ts';
import { useIntlLocale } from '../i18n/intl.ts';
import { useAuth } from '../features/auth/auth-provider.tsx';
import { useChat } from '../features/chat/use-chat.ts';
import type { ChatNotice, EarlierConversationOffer } from '../features/chat/chat-state.ts';
import { ChatForm } from '../features/chat/chat-form.tsx';
import { MessageBubble } from '../features/chat/message-bubble.tsx';
import { CrisisCard, CrisisQuickLinks, CrisisResources } from '../features/chat/crisis-resources.tsx';
import { MAX_CHAT_MESSAGE_LENGTH, chatMessageLength } from '../../shared/chat-limits.ts';
import chatStyles from '../styles/chat.css?url';
import { useHydrated, useKeepTypedValue } from '../lib/use-hydrated.ts';
import { NoScriptHelp } from '../components/no-script-help.tsx';
import { LoadingLine } from '../lib/loading-line.tsx';

/** Show how many characters are left once a message gets this close to the limit. */
const COUNTER_FROM = MAX_CHAT_MESSAGE_LENGTH - 500;

function NoticeLine({ notice, length }: { notice: ChatNotice; length: number }) {
  const { t } = useTranslation('chat');
  const locale = useIntlLocale();
  if (notice === 'rateLimited') {
    return (
      <div className="chat-notice" role="alert">
        <p>{t('notice.rateLimited')}</p>
        <CrisisQuickLinks />
      </div>
    );
  }
  const text =
    notice === 'tooLong' ? t('notice.tooLong', { length: length.toLocaleString(locale), max: MAX_CHAT_MESSAGE_LENGTH.toLocaleString(locale) }) : t(`notice.${notice}`);
  return (
    <p className="chat-notice" role="alert">
      {text}
    </p>
  );
}

function DeleteControl({ onDelete, disabled }: { onDelete: () => Promise<void>; disabled: boolean }) {
  const { t } = useTranslation('chat');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current) openRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  if (!confirming) {
    return (
      <button ref={openRef} type="button" className="button chat-delete" disabled={disabled} onClick={() => setConfirming(true)}>
        {t('delete.button')}
      </button>
    );
  }
  return (
    <div className="chat-delete-confirm" role="group" aria-labelledby="chat-delete-question">
      <p id="chat-delete-question">{t('delete.confirm')}</p>
      <div className="button-row">
        <button
          ref={confirmRef}
          type="button"
          className="button chat-delete-yes"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await onDelete();
            setBusy(false);
            setConfirming(false);
          }}
        >
          {t('delete.yes')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
          {t('delete.no')}
        </button>
      </div>
    </div>
  );
}

/**
 * Signed in, with the anonymous conversation this tab had before: save it or delete it. The person
 * decides, because on a shared device it may be someone else's
 * (docs/decisions/042-keep-an-anonymous-chat-after-sign-in.md).
 */
function EarlierConversationPrompt({
  offer,
  onSave,
  onDelete,
  onShown,
}: {
  offer: EarlierConversationOffer;
  onSave: () => void;
  onDelete: () => void;
  onShown: (heading: HTMLHeadingElement | null) => void;
}) {
  const { t } = useTranslation('chat');
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => onShown(headingRef.current), [onShown]);
  return (
    <section className="chat-earlier" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {t('earlier.heading')}
      </h2>
      <p>{t('earlier.question')}</p>
      {offer.failed ? <p role="alert">{t(offer.failed === 'save' ? 'earlier.saveFailed' : 'earlier.deleteFailed')}</p> : null}
      <div className="button-row">
        <button type="button" className="button button-primary" aria-disabled={offer.busy || undefined} onClick={onSave}>
          {t('earlier.save')}
        </button>
        <button type="button" className="button button-secondary" aria-disabled={offer.busy || undefined} onClick={onDelete}>
          {t('earlier.delete')}
        </button>
      </div>
    </section>
  );
}

/**
 * /chat (SPEC §2 Chat): a conversation with Ellis. Signed in it is the user's saved conversation
 * ("Private Chat"); anonymous it is a temporary one ("Public Chat") that expires after 24 hours.
 */
export function ChatPage() {
  const { t } = useTranslation('chat');
  const locale = useIntlLocale();
  const auth = useAuth();
  const { view, send, remove, keepEarlier, dropEarlier } = useChat();
  const hydrated = useHydrated();
  const [input, setInput] = useState('');
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  useKeepTypedValue(inputRef, setInput);
  const idPrefix = useId();

  const trimmed = input.trim();
  const length = chatMessageLength(trimmed);
  const tooLong = length > MAX_CHAT_MESSAGE_LENGTH;
  const ready = view.phase === 'ready';
  const canSend = ready && !view.sending && !view.earlier?.busy && trimmed !== '' && !tooLong;
  const anonymous = !auth.loading && !auth.user;
  const kind = view.kind ?? (auth.loading ? null : auth.user ? 'private' : 'public');

  // Keep the newest words in view while a reply streams in. On opening, a last message taller than
  // the window (the welcome, on a phone) is shown from its first line rather than its last.
  const openedRef = useRef(false);
  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const last = log.querySelector<HTMLElement>('.chat-messages > .chat-row:last-child');
    if (!openedRef.current && last && last.offsetHeight > log.clientHeight) {
      log.scrollTop = last.offsetTop - log.offsetTop - parseFloat(getComputedStyle(log).paddingTop);
    } else {
      log.scrollTop = log.scrollHeight;
    }
    openedRef.current = true;
  }, [view.messages, view.streaming]);

  // The on-screen keyboard takes part of the screen: keep the whole message box above it.
  const keepFormInView = useCallback(() => {
    if (document.activeElement === inputRef.current) inputRef.current?.closest('form')?.scrollIntoView({ block: 'nearest' });
  }, []);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    viewport.addEventListener('resize', keepFormInView);
    return () => viewport.removeEventListener('resize', keepFormInView);
  }, [keepFormInView]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    setInput('');
    const result = await send(trimmed);
    // Refused before it was saved (rate limit, network): give the words back rather than lose them.
    if (result === 'refused') setInput((current) => (current === '' ? trimmed : current));
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  // The prompt takes focus when it appears, unless the person is already typing: then it is announced.
  const [earlierAnnouncement, setEarlierAnnouncement] = useState('');
  const onEarlierShown = useCallback(
    (heading: HTMLHeadingElement | null) => {
      if (document.activeElement === inputRef.current) setEarlierAnnouncement(`${t('earlier.heading')} ${t('earlier.question')}`);
      else heading?.focus();
    },
    [t],
  );
  const chooseEarlier = async (choice: () => Promise<void>) => {
    await choice();
    setEarlierAnnouncement('');
    inputRef.current?.focus();
  };

  const providerName = view.provider ? t(`provider.${view.provider}`, { defaultValue: view.provider }) : null;
  const notice: ChatNotice | null = tooLong ? 'tooLong' : view.notice === 'tooLong' ? null : view.notice;

  return (
    <div className="page chat-page">
      <link rel="stylesheet" href={chatStyles} precedence="default" />
      <header className="chat-header">
        <div>
          <h1>{t('title')}</h1>
          <p className="chat-subtitle">
            {t('subtitle')}
            {providerName ? <span className="chat-provider"> · {t('poweredBy', { provider: providerName })}</span> : null}
          </p>
        </div>
        {kind ? (
          <p className={`chat-badge chat-badge-${kind}`}>{t(`badge.${kind}`)}</p>
        ) : (
          // Holds the badge's place until we know who is here, so nothing below it jumps.
          <p className="chat-badge chat-badge-pending" aria-hidden="true">
            {t('badge.public')}
          </p>
        )}
      </header>

      {!ready ? (
        <>
          {/* Same box as the conversation window below, so the form stays put when it opens. */}
          <div className="chat-log chat-log-pending">
            {/* Rendered by the browser's script only: without JavaScript nothing would ever connect. */}
            {hydrated ? (
              <LoadingLine className="chat-loading">{t('loading')}</LoadingLine>
            ) : null}
            <NoScriptHelp message={t('noscript')} />
          </div>
        </>
      ) : (
        <>
          {view.riskLevel === 'crisis' || view.riskLevel === 'immediate-danger' ? (
            <CrisisCard level={view.riskLevel} headingId={`${idPrefix}-crisis-card`} />
          ) : null}
          {view.earlier ? (
            <EarlierConversationPrompt
              offer={view.earlier}
              onSave={() => void chooseEarlier(keepEarlier)}
              onDelete={() => void chooseEarlier(dropEarlier)}
              onShown={onEarlierShown}
            />
          ) : null}
          <div ref={logRef} className="chat-log" role="region" aria-label={t('windowLabel')} tabIndex={0}>
            <div className="chat-messages" role="log" aria-label={t('conversationLabel')}>
              {view.messages.map((message) => (
                <div key={message.id} className={`chat-row chat-row-${message.sender}`}>
                  {message.crisis ? <CrisisResources notice={message.crisis} headingId={`${idPrefix}-crisis-${message.id}`} /> : null}
                  <MessageBubble sender={message.sender} content={message.apology ? t('notice.failed') : message.content} createdAt={message.created_at} />
                </div>
              ))}
            </div>
            {/* Outside the log, so a screen reader hears the finished reply once, not every word. */}
            {view.streaming ? (
              <div className="chat-row chat-row-ai chat-streaming">
                {view.streaming.crisis ? <CrisisResources notice={view.streaming.crisis} headingId={`${idPrefix}-crisis-live`} /> : null}
                <MessageBubble sender="ai" content={view.streaming.text} createdAt={null}>
                  <p className="chat-typing" role="status">
                    {t('typing')}
                  </p>
                </MessageBubble>
              </div>
            ) : null}
          </div>
        </>
      )}

      {notice ? <NoticeLine notice={notice} length={length} /> : null}
      <p className="visually-hidden" role="status">
        {earlierAnnouncement}
      </p>

      <ChatForm
        label={t('formLabel')}
        inputId={`${idPrefix}-input`}
        inputLabel={t('inputLabel')}
        canSend={canSend}
        onSubmit={submit}
        afterSend={
          length >= COUNTER_FROM ? (
            <p id={`${idPrefix}-count`} className="chat-count">
              {t('count', { length: length.toLocaleString(locale), max: MAX_CHAT_MESSAGE_LENGTH.toLocaleString(locale) })}
            </p>
          ) : null
        }
      >
        <textarea
          ref={inputRef}
          id={`${idPrefix}-input`}
          className="chat-input"
          rows={2}
          // Not restored by the browser when Back returns to the page (a shared device, Quick exit).
          autoComplete="off"
          placeholder={t('placeholder')}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={keepFormInView}
          aria-invalid={tooLong || undefined}
          aria-describedby={length >= COUNTER_FROM ? `${idPrefix}-count` : undefined}
        />
      </ChatForm>

      {/* Under the form: it appears once we know the visitor is anonymous, and moves nothing above it. */}
      {anonymous ? (
        <p className="chat-tip">
          <Trans t={t} i18nKey="tip" components={{ login: <Link to={SIGN_IN_PATH} /> }} />
        </p>
      ) : null}

      {ready ? (
        <div className="chat-tools">
          <DeleteControl onDelete={remove} disabled={view.sending} />
        </div>
      ) : null}
    </div>
  );
}
