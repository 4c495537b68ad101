/**
 * Where the browser keeps an anonymous conversation's id and token: sessionStorage, so a reload
 * keeps the conversation in this tab, while closing the tab forgets it — on a shared device the next
 * person cannot open it (docs/decisions/015-public-chat-token-in-session-storage.md).
 */
const STORAGE_KEY = 'ellis.chat.public-conversation';

export interface StoredPublicConversation {
  id: string;
  token: string;
  expiresAt: string;
  /** The assistant's provider, for the subtitle after a reload. */
  provider: string;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage blocked (privacy settings): the conversation simply lasts until the page is left.
    return null;
  }
}

/** The stored conversation, unless it has expired (or none was stored). */
export function readPublicConversation(now: number = Date.now()): StoredPublicConversation | null {
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredPublicConversation>;
    if (typeof value.id !== 'string' || typeof value.token !== 'string' || typeof value.expiresAt !== 'string') return null;
    if (Date.parse(value.expiresAt) <= now) return null;
    return { id: value.id, token: value.token, expiresAt: value.expiresAt, provider: typeof value.provider === 'string' ? value.provider : '' };
  } catch {
    return null;
  }
}

export function storePublicConversation(conversation: StoredPublicConversation): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(conversation));
  } catch {
    // Quota or blocked storage: a reload starts a new conversation, nothing worse.
  }
}

export function forgetPublicConversation(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Blocked storage holds nothing to forget.
  }
}
