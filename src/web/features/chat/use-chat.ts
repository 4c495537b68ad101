import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../auth/auth-provider.tsx';
import { MAX_CHAT_MESSAGE_LENGTH, chatMessageLength } from '../../../shared/chat-limits.ts';
import type { ConversationKind } from '../../../shared/chat-events.ts';
import type { ChatMessage, ChatRiskLevel } from '../../../shared/chat-api.ts';
import { chatReducer, loadingView, refusalNotice, type ChatView } from './chat-state.ts';
import {
  adoptConversation,
  deleteConversation,
  fetchMessages,
  sendMessage,
  startChatSession,
  type ConversationAccess,
} from './chat-api.ts';
import { forgetPublicConversation, readPublicConversation, storePublicConversation } from '../../lib/public-conversation-store.ts';

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
async function findEarlierConversation(): Promise<ConversationAccess | null> {
  const stored = readPublicConversation();
  if (!stored) return null;
  const access = { id: stored.id, token: stored.token };
  try {
    const { messages } = await fetchMessages(access);
    if (messages.some((message) => message.sender === 'user')) return access;
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 401)) throw error;
  }
  forgetPublicConversation();
  return null;
}

async function loadConversation(signedIn: boolean): Promise<LoadedConversation> {
  if (signedIn) {
    const earlier = await findEarlierConversation();
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
      // The stored level brings the crisis card back after a reload, as the session answer does for a signed-in chat.
      const { messages, riskLevel } = await fetchMessages(access);
      return { access, kind: 'public', provider: stored.provider, messages, riskLevel, earlier: null };
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
  const [view, dispatch] = useReducer(chatReducer, loadingView);
  const [generation, setGeneration] = useState(0);
  const accessRef = useRef<ConversationAccess | null>(null);
  const earlierRef = useRef<ConversationAccess | null>(null);
  const sendingRef = useRef(false);
  const streamAbortRef = useRef<AbortController | null>(null);

  // undefined while the session is being restored; then the user id, or null when anonymous.
  const userKey = auth.loading ? undefined : (auth.user?.id ?? null);

  useEffect(() => {
    if (userKey === undefined) return;
    let cancelled = false;
    accessRef.current = null;
    earlierRef.current = null;
    dispatch({ type: 'loading' });
    void (async () => {
      for (let attempt = 0; !cancelled; attempt += 1) {
        try {
          const loaded = await loadConversation(userKey !== null);
          if (cancelled) return;
          accessRef.current = loaded.access;
          earlierRef.current = loaded.earlier;
          dispatch({
            type: 'loaded',
            kind: loaded.kind,
            provider: loaded.provider,
            messages: loaded.messages,
            riskLevel: loaded.riskLevel ?? 'none',
            hasEarlier: loaded.earlier !== null,
          });
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
  }, [userKey, generation]);

  const send = useCallback(
    async (input: string): Promise<SendResult> => {
      const text = input.trim();
      const access = accessRef.current;
      if (text === '' || !access || sendingRef.current) return 'ignored';
      if (chatMessageLength(text) > MAX_CHAT_MESSAGE_LENGTH) {
        dispatch({ type: 'notice', notice: 'tooLong' });
        return 'refused';
      }
      sendingRef.current = true;
      const abort = new AbortController();
      streamAbortRef.current = abort;
      const pendingId = localId();
      dispatch({ type: 'sendStarted', pendingId, text, at: new Date().toISOString() });
      const cutShort = (apologise: boolean) =>
        dispatch({ type: 'replyCutShort', apologise, replyId: localId(), apologyId: localId(), at: new Date().toISOString() });

      let acknowledged = false;
      let finished = false;
      let notSaved = false;
      try {
        await sendMessage(
          access,
          text,
          (event) => {
            if (event.event === 'user') {
              acknowledged = true;
              dispatch({ type: 'userSaved', pendingId, message: event.data.message });
            } else if (event.event === 'delta') {
              dispatch({ type: 'delta', text: event.data.text });
            } else if (event.event === 'crisis') {
              dispatch({ type: 'crisis', crisis: { level: event.data.level, resources: event.data.resources } });
            } else if (event.event === 'error') {
              if (event.data.code === 'message_not_saved') notSaved = true;
            } else {
              finished = true;
              dispatch({ type: 'replyDone', message: event.data.message });
            }
          },
          { signal: abort.signal },
        );
        if (!finished) cutShort(notSaved);
        return 'sent';
      } catch (error) {
        if (abort.signal.aborted) return 'sent';
        if (acknowledged) {
          // The message is saved; the reply broke off. Keep what arrived and say so.
          cutShort(true);
          return 'sent';
        }
        const status = error instanceof ApiError ? error.status : 0;
        dispatch({ type: 'sendRefused', pendingId, notice: refusalNotice(status, error instanceof ApiError ? error.code : null) });
        if (status === 404) {
          // The conversation expired or was deleted elsewhere: start a new one for the next try.
          forgetPublicConversation();
          setGeneration((value) => value + 1);
        }
        return 'refused';
      } finally {
        if (streamAbortRef.current === abort) streamAbortRef.current = null;
        sendingRef.current = false;
        dispatch({ type: 'sendSettled' });
      }
    },
    [],
  );

  const remove = useCallback(async () => {
    const access = accessRef.current;
    if (!access) return;
    streamAbortRef.current?.abort();
    try {
      await deleteConversation(access);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) {
        dispatch({ type: 'notice', notice: 'deleteFailed' });
        return;
      }
    }
    forgetPublicConversation();
    setGeneration((value) => value + 1);
  }, []);

  /** Saves the earlier anonymous conversation into the account and shows it (it is now the latest). */
  const keepEarlier = useCallback(async () => {
    const earlier = earlierRef.current;
    if (!earlier || sendingRef.current) return;
    earlierRef.current = null;
    dispatch({ type: 'earlierBusy' });
    try {
      const adopted = await adoptConversation(earlier);
      forgetPublicConversation();
      if (adopted) {
        accessRef.current = { id: adopted.conversation.id, token: null };
        dispatch({ type: 'earlierAdopted', provider: adopted.provider, messages: adopted.messages });
      } else {
        dispatch({ type: 'earlierClosed' });
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        // It expired (or was deleted) since the page asked: nothing is left to save.
        forgetPublicConversation();
        dispatch({ type: 'earlierClosed', notice: 'earlierGone' });
        return;
      }
      earlierRef.current = earlier;
      dispatch({ type: 'earlierFailed', failed: 'save' });
    }
  }, []);

  /** Deletes the earlier anonymous conversation for good: someone else's, or not worth keeping. */
  const dropEarlier = useCallback(async () => {
    const earlier = earlierRef.current;
    if (!earlier) return;
    earlierRef.current = null;
    dispatch({ type: 'earlierBusy' });
    try {
      await deleteConversation(earlier);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) {
        earlierRef.current = earlier;
        dispatch({ type: 'earlierFailed', failed: 'delete' });
        return;
      }
    }
    forgetPublicConversation();
    dispatch({ type: 'earlierClosed' });
  }, []);

  return { view, send, remove, keepEarlier, dropEarlier };
}
