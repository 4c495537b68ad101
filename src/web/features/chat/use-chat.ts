import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth, useAuthController } from '../auth/auth-provider.tsx';
import { CHAT_ERROR_TEXT, MAX_CHAT_MESSAGE_LENGTH, chatMessageLength } from '../../../shared/chat-limits.ts';
import type { ChatCrisisLevel, ChatCrisisResource, ChatMessage, ChatRiskLevel, ConversationKind } from '../../../shared/chat-events.ts';
import {
  adoptConversation,
  deleteConversation,
  fetchMessages,
  sendMessage,
  startChatSession,
  type ConversationAccess,
  type RefreshAccessToken,
} from './chat-api.ts';
import { forgetPublicConversation, readPublicConversation, storePublicConversation } from '../../lib/public-conversation-store.ts';

export interface CrisisNotice {
  level: ChatCrisisLevel;
  resources: ChatCrisisResource[];
}

/** A message on screen; `crisis` is the crisis resources that came with it (kept for this visit only). */
export interface DisplayMessage extends ChatMessage {
  crisis?: CrisisNotice | null;
}

/** What went wrong with the last send, for the line above the input. */
export type ChatNotice = 'rateLimited' | 'expired' | 'failed' | 'tooLong' | 'deleteFailed' | 'earlierGone' | 'full';

/**
 * The anonymous conversation this tab held when its person signed in, offered to keep
 * (docs/decisions/042-keep-an-anonymous-chat-after-sign-in.md). `failed` says which choice did not work.
 */
export interface EarlierConversationOffer {
  busy: boolean;
  failed: 'save' | 'delete' | null;
}

export interface ChatView {
  /** SPEC §4: loading → ready. */
  phase: 'loading' | 'ready';
  kind: ConversationKind | null;
  provider: string | null;
  messages: DisplayMessage[];
  /** The reply being streamed, shown with "Ellis is typing...". */
  streaming: { text: string; crisis: CrisisNotice | null } | null;
  sending: boolean;
  notice: ChatNotice | null;
  /** Signed in only: an earlier anonymous conversation to save or delete, until the person chooses. */
  earlier: EarlierConversationOffer | null;
  /** The conversation's risk level (issue 12): as stored, raised by this visit's crisis events. */
  riskLevel: ChatRiskLevel;
}

/** What `send` did with the text: the screen puts a refused text back in the input. */
export type SendResult = 'ignored' | 'refused' | 'sent';

interface LoadedConversation {
  access: ConversationAccess;
  kind: ConversationKind;
  provider: string;
  messages: ChatMessage[];
  riskLevel?: ChatRiskLevel;
  /** Signed in: the anonymous conversation this tab still holds, when the person wrote in it. */
  earlier: ConversationAccess | null;
}

const RETRY_BASE_MS = 2_000;
const RETRY_MAX_MS = 30_000;

/**
 * Signed in, with an anonymous conversation from before still in this tab: worth offering only if it
 * still exists and the person wrote something in it. Otherwise it is forgotten without a word (what
 * is left of it holds only Ellis's welcome and expires on its own).
 */
async function findEarlierConversation(refresh: RefreshAccessToken): Promise<ConversationAccess | null> {
  const stored = readPublicConversation();
  if (!stored) return null;
  const access = { id: stored.id, token: stored.token };
  try {
    const messages = await fetchMessages(access, refresh);
    if (messages.some((message) => message.sender === 'user')) return access;
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 401)) throw error;
  }
  forgetPublicConversation();
  return null;
}

async function loadConversation(signedIn: boolean, refresh: RefreshAccessToken): Promise<LoadedConversation> {
  if (signedIn) {
    const earlier = await findEarlierConversation(refresh);
    const session = await startChatSession(true);
    return {
      access: { id: session.conversation.id, token: null },
      kind: 'private',
      provider: session.provider,
      messages: session.messages,
      riskLevel: session.conversation.kind === 'private' ? (session.conversation.risk_level ?? 'none') : 'none',
      earlier,
    };
  }
  const stored = readPublicConversation();
  if (stored) {
    const access = { id: stored.id, token: stored.token };
    try {
      return { access, kind: 'public', provider: stored.provider, messages: await fetchMessages(access, refresh), earlier: null };
    } catch (error) {
      // Expired, deleted or purged: start a new one. Anything else is retried by the caller.
      if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 401)) throw error;
      forgetPublicConversation();
    }
  }
  const session = await startChatSession(false);
  if (!('token' in session)) throw new Error('An anonymous chat session came back without its token.');
  storePublicConversation({ id: session.conversation.id, token: session.token, expiresAt: session.conversation.expires_at, provider: session.provider });
  return { access: { id: session.conversation.id, token: session.token }, kind: 'public', provider: session.provider, messages: session.messages, earlier: null };
}

const loadingView: ChatView = {
  phase: 'loading',
  kind: null,
  provider: null,
  messages: [],
  streaming: null,
  sending: false,
  notice: null,
  earlier: null,
  riskLevel: 'none',
};

const RISK_ORDER: readonly ChatRiskLevel[] = ['none', 'concern', 'crisis', 'immediate-danger'];

function higherRiskLevel(a: ChatRiskLevel, b: ChatRiskLevel): ChatRiskLevel {
  return RISK_ORDER.indexOf(a) >= RISK_ORDER.indexOf(b) ? a : b;
}

let localIds = 0;
const localId = () => `local-${++localIds}`;

/**
 * The chat screen's state (SPEC §2 Chat, §4): starts the signed-in user's latest conversation or an
 * anonymous one once the session is known, sends messages and follows the streamed reply. Errors
 * starting a conversation are only logged (SPEC §8) and retried with a growing pause.
 */
export function useChat(): {
  view: ChatView;
  send(text: string): Promise<SendResult>;
  remove(): Promise<void>;
  keepEarlier(): Promise<void>;
  dropEarlier(): Promise<void>;
} {
  const auth = useAuth();
  const controller = useAuthController();
  const [view, setView] = useState<ChatView>(loadingView);
  const [generation, setGeneration] = useState(0);
  const accessRef = useRef<ConversationAccess | null>(null);
  const earlierRef = useRef<ConversationAccess | null>(null);
  const sendingRef = useRef(false);
  const streamAbortRef = useRef<AbortController | null>(null);
  const refresh = useCallback<RefreshAccessToken>(() => controller.refresh(), [controller]);

  // undefined while the session is being restored; then the user id, or null when anonymous.
  const userKey = auth.loading ? undefined : (auth.user?.id ?? null);

  useEffect(() => {
    if (userKey === undefined) return;
    let cancelled = false;
    accessRef.current = null;
    earlierRef.current = null;
    // "expired" explains why a new conversation is starting, so it stays; other notices go.
    const keepNotice = (notice: ChatNotice | null) => (notice === 'expired' ? notice : null);
    setView((current) => ({ ...loadingView, notice: keepNotice(current.notice) }));
    void (async () => {
      for (let attempt = 0; !cancelled; attempt += 1) {
        try {
          const loaded = await loadConversation(userKey !== null, refresh);
          if (cancelled) return;
          accessRef.current = loaded.access;
          earlierRef.current = loaded.earlier;
          setView((current) => ({
            ...loadingView,
            phase: 'ready',
            kind: loaded.kind,
            provider: loaded.provider,
            messages: loaded.messages,
            riskLevel: loaded.riskLevel ?? 'none',
            notice: keepNotice(current.notice),
            earlier: loaded.earlier ? { busy: false, failed: null } : null,
          }));
          return;
        } catch (error) {
          console.error('Ellis chat: could not start a conversation', error);
          await new Promise((resolve) => setTimeout(resolve, Math.min(RETRY_BASE_MS * 2 ** attempt, RETRY_MAX_MS)));
        }
      }
    })();
    return () => {
      cancelled = true;
      streamAbortRef.current?.abort();
      streamAbortRef.current = null;
      sendingRef.current = false;
    };
  }, [userKey, generation, refresh]);

  const send = useCallback(
    async (input: string): Promise<SendResult> => {
      const text = input.trim();
      const access = accessRef.current;
      if (text === '' || !access || sendingRef.current) return 'ignored';
      if (chatMessageLength(text) > MAX_CHAT_MESSAGE_LENGTH) {
        setView((current) => ({ ...current, notice: 'tooLong' }));
        return 'refused';
      }
      sendingRef.current = true;
      const abort = new AbortController();
      streamAbortRef.current = abort;
      const pendingId = localId();
      setView((current) => ({
        ...current,
        notice: null,
        sending: true,
        streaming: { text: '', crisis: null },
        messages: [...current.messages, { id: pendingId, sender: 'user', content: text, created_at: new Date().toISOString() }],
      }));

      let acknowledged = false;
      let finished = false;
      let streamed = '';
      let crisis: CrisisNotice | null = null;
      let notSaved = false;
      const finishLocally = (apology: boolean) => {
        const extra: DisplayMessage[] = [];
        const at = new Date().toISOString();
        if (streamed !== '') extra.push({ id: localId(), sender: 'ai', content: streamed, created_at: at, crisis });
        if (apology) extra.push({ id: localId(), sender: 'ai', content: CHAT_ERROR_TEXT, created_at: at, crisis: streamed === '' ? crisis : null });
        setView((current) => ({ ...current, streaming: null, messages: [...current.messages, ...extra] }));
      };

      try {
        await sendMessage(
          access,
          text,
          (event) => {
            if (event.event === 'user') {
              acknowledged = true;
              const saved = event.data.message;
              setView((current) => ({ ...current, messages: current.messages.map((message) => (message.id === pendingId ? saved : message)) }));
            } else if (event.event === 'delta') {
              streamed += event.data.text;
              const textSoFar = streamed;
              setView((current) => ({ ...current, streaming: { text: textSoFar, crisis } }));
            } else if (event.event === 'crisis') {
              crisis = { level: event.data.level, resources: event.data.resources };
              const notice = crisis;
              setView((current) => ({
                ...current,
                riskLevel: higherRiskLevel(current.riskLevel, notice.level),
                streaming: { text: current.streaming?.text ?? '', crisis: notice },
              }));
            } else if (event.event === 'error') {
              if (event.data.code === 'message_not_saved') notSaved = true;
            } else {
              finished = true;
              const saved = { ...event.data.message, crisis };
              setView((current) => ({ ...current, streaming: null, messages: [...current.messages, saved] }));
            }
          },
          { signal: abort.signal, refresh },
        );
        if (!finished) finishLocally(notSaved || streamed === '');
        return 'sent';
      } catch (error) {
        if (abort.signal.aborted) return 'sent';
        if (acknowledged) {
          // The message is saved; the reply broke off. Keep what arrived and say so.
          finishLocally(true);
          return 'sent';
        }
        const status = error instanceof ApiError ? error.status : 0;
        const full = error instanceof ApiError && error.code === 'conversation_full';
        const notice: ChatNotice = status === 429 ? 'rateLimited' : status === 404 ? 'expired' : full ? 'full' : 'failed';
        setView((current) => ({
          ...current,
          notice,
          streaming: null,
          messages: current.messages.filter((message) => message.id !== pendingId),
        }));
        if (status === 404) {
          // The conversation expired or was deleted elsewhere: start a new one for the next try.
          forgetPublicConversation();
          setGeneration((value) => value + 1);
        }
        return 'refused';
      } finally {
        if (streamAbortRef.current === abort) streamAbortRef.current = null;
        sendingRef.current = false;
        setView((current) => ({ ...current, sending: false }));
      }
    },
    [refresh],
  );

  const remove = useCallback(async () => {
    const access = accessRef.current;
    if (!access) return;
    streamAbortRef.current?.abort();
    try {
      await deleteConversation(access, refresh);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) {
        setView((current) => ({ ...current, notice: 'deleteFailed' }));
        return;
      }
    }
    forgetPublicConversation();
    setGeneration((value) => value + 1);
  }, [refresh]);

  /** Saves the earlier anonymous conversation into the account and shows it (it is now the latest). */
  const keepEarlier = useCallback(async () => {
    const earlier = earlierRef.current;
    if (!earlier || sendingRef.current) return;
    earlierRef.current = null;
    setView((current) => ({ ...current, earlier: { busy: true, failed: null } }));
    try {
      const adopted = await adoptConversation(earlier, refresh);
      forgetPublicConversation();
      if (adopted) {
        accessRef.current = { id: adopted.conversation.id, token: null };
        setView((current) => ({ ...current, kind: 'private', provider: adopted.provider, messages: adopted.messages, notice: null, earlier: null }));
      } else {
        setView((current) => ({ ...current, earlier: null }));
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        // It expired (or was deleted) since the page asked: nothing is left to save.
        forgetPublicConversation();
        setView((current) => ({ ...current, notice: 'earlierGone', earlier: null }));
        return;
      }
      earlierRef.current = earlier;
      setView((current) => ({ ...current, earlier: { busy: false, failed: 'save' } }));
    }
  }, [refresh]);

  /** Deletes the earlier anonymous conversation for good: someone else's, or not worth keeping. */
  const dropEarlier = useCallback(async () => {
    const earlier = earlierRef.current;
    if (!earlier) return;
    earlierRef.current = null;
    setView((current) => ({ ...current, earlier: { busy: true, failed: null } }));
    try {
      await deleteConversation(earlier, refresh);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) {
        earlierRef.current = earlier;
        setView((current) => ({ ...current, earlier: { busy: false, failed: 'delete' } }));
        return;
      }
    }
    forgetPublicConversation();
    setView((current) => ({ ...current, earlier: null }));
  }, [refresh]);

  return { view, send, remove, keepEarlier, dropEarlier };
}
