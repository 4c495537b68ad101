/**
 * The chat screen's state as a pure reducer (SPEC §2 Chat, §4): what is on screen after each thing
 * that happens — a conversation loaded, a message sent, each streamed event, a refusal, the earlier
 * conversation kept or dropped. The hooks in use-chat.ts do the calls and dispatch these actions.
 */
import { CHAT_ERROR_TEXT } from '../../../shared/chat-limits.ts';
import type { ChatCrisisLevel, ChatCrisisResource, ConversationKind } from '../../../shared/chat-events.ts';
import type { ChatMessage, ChatRiskLevel } from '../../../shared/chat-api.ts';

export interface CrisisNotice {
  level: ChatCrisisLevel;
  resources: ChatCrisisResource[];
}

/**
 * A message on screen; `crisis` is the crisis resources that came with it (kept for this visit
 * only); `apology` marks the screen's own "I apologize, but I encountered an error" (SPEC §8),
 * shown in the visitor's language.
 */
export interface DisplayMessage extends ChatMessage {
  crisis?: CrisisNotice | null;
  apology?: true;
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
  /** The conversation's risk level: as stored, raised by this visit's crisis events. */
  riskLevel: ChatRiskLevel;
}

export const loadingView: ChatView = {
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

export type ChatAction =
  /** A conversation is being (re)started. */
  | { type: 'loading' }
  | { type: 'loaded'; kind: ConversationKind; provider: string; messages: ChatMessage[]; riskLevel: ChatRiskLevel; hasEarlier: boolean }
  | { type: 'notice'; notice: ChatNotice }
  /** The person's message, shown at once under a local id until the server saves it. */
  | { type: 'sendStarted'; pendingId: string; text: string; at: string }
  | { type: 'userSaved'; pendingId: string; message: ChatMessage }
  | { type: 'delta'; text: string }
  | { type: 'crisis'; crisis: CrisisNotice }
  | { type: 'replyDone'; message: ChatMessage }
  /**
   * The stream ended without its final message, or broke off after the message was saved: keep
   * what arrived, and apologise when nothing did or `apologise` says the reply was not saved.
   */
  | { type: 'replyCutShort'; apologise: boolean; replyId: string; apologyId: string; at: string }
  /** The server refused the message before any event: it leaves the screen, with a notice. */
  | { type: 'sendRefused'; pendingId: string; notice: ChatNotice }
  | { type: 'sendSettled' }
  | { type: 'earlierBusy' }
  | { type: 'earlierFailed'; failed: 'save' | 'delete' }
  | { type: 'earlierClosed'; notice?: ChatNotice }
  /** The earlier conversation was saved into the account: it is now the one on screen. */
  | { type: 'earlierAdopted'; provider: string; messages: ChatMessage[] };

const RISK_ORDER: readonly ChatRiskLevel[] = ['none', 'concern', 'crisis', 'immediate-danger'];

export function higherRiskLevel(a: ChatRiskLevel, b: ChatRiskLevel): ChatRiskLevel {
  return RISK_ORDER.indexOf(a) >= RISK_ORDER.indexOf(b) ? a : b;
}

/** "expired" explains why a new conversation is starting, so it stays; other notices go. */
const keptNotice = (notice: ChatNotice | null) => (notice === 'expired' ? notice : null);

export function chatReducer(view: ChatView, action: ChatAction): ChatView {
  switch (action.type) {
    case 'loading':
      return { ...loadingView, notice: keptNotice(view.notice) };
    case 'loaded':
      return {
        ...loadingView,
        phase: 'ready',
        kind: action.kind,
        provider: action.provider,
        messages: action.messages,
        riskLevel: action.riskLevel,
        notice: keptNotice(view.notice),
        earlier: action.hasEarlier ? { busy: false, failed: null } : null,
      };
    case 'notice':
      return { ...view, notice: action.notice };
    case 'sendStarted':
      return {
        ...view,
        notice: null,
        sending: true,
        streaming: { text: '', crisis: null },
        messages: [...view.messages, { id: action.pendingId, sender: 'user', content: action.text, created_at: action.at }],
      };
    case 'userSaved':
      return { ...view, messages: view.messages.map((message) => (message.id === action.pendingId ? action.message : message)) };
    case 'delta':
      return { ...view, streaming: { text: (view.streaming?.text ?? '') + action.text, crisis: view.streaming?.crisis ?? null } };
    case 'crisis':
      return {
        ...view,
        riskLevel: higherRiskLevel(view.riskLevel, action.crisis.level),
        streaming: { text: view.streaming?.text ?? '', crisis: action.crisis },
      };
    case 'replyDone':
      return { ...view, streaming: null, messages: [...view.messages, { ...action.message, crisis: view.streaming?.crisis ?? null }] };
    case 'replyCutShort': {
      const text = view.streaming?.text ?? '';
      const crisis = view.streaming?.crisis ?? null;
      const extra: DisplayMessage[] = [];
      if (text !== '') extra.push({ id: action.replyId, sender: 'ai', content: text, created_at: action.at, crisis });
      if (action.apologise || text === '') {
        extra.push({ id: action.apologyId, sender: 'ai', content: CHAT_ERROR_TEXT, created_at: action.at, crisis: text === '' ? crisis : null, apology: true });
      }
      return { ...view, streaming: null, messages: [...view.messages, ...extra] };
    }
    case 'sendRefused':
      return { ...view, notice: action.notice, streaming: null, messages: view.messages.filter((message) => message.id !== action.pendingId) };
    case 'sendSettled':
      return { ...view, sending: false };
    case 'earlierBusy':
      return { ...view, earlier: { busy: true, failed: null } };
    case 'earlierFailed':
      return { ...view, earlier: { busy: false, failed: action.failed } };
    case 'earlierClosed':
      return { ...view, earlier: null, ...(action.notice ? { notice: action.notice } : {}) };
    case 'earlierAdopted':
      return { ...view, kind: 'private', provider: action.provider, messages: action.messages, notice: null, earlier: null };
  }
}

/** The notice for a message the server refused before replying (ApiError status and code). */
export function refusalNotice(status: number, code: string | null): ChatNotice {
  if (status === 429) return 'rateLimited';
  if (status === 404) return 'expired';
  if (code === 'conversation_full') return 'full';
  return 'failed';
}
