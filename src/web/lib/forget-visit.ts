/**
 * What Quick exit does before it navigates away (docs/decisions/052-quick-exit-forgets-the-visit.md):
 * the tab forgets everything it holds about the visit, and the server is asked, without waiting, to
 * end the anonymous conversation and this tab's session. Nothing here may delay the exit: every step
 * is synchronous or a keep-alive request that outlives the page.
 */
import { CLIENT_INFO, CLIENT_INFO_HEADER, getAccessToken, setAccessToken } from './api-client.ts';
import { readPublicConversation } from './public-conversation-store.ts';
import { CONVERSATION_TOKEN_HEADER } from '../../shared/chat-limits.ts';
import { SESSION_HINT_COOKIE_NAME } from '../../shared/session-hint.ts';

/** The browser pieces used, so a test can hand in fakes. */
export interface VisitSurfaces {
  fetch: (url: string, init: RequestInit) => Promise<unknown>;
  sessionStorage: Pick<Storage, 'clear'> | null;
  localStorage: Pick<Storage, 'clear'> | null;
  caches: Pick<CacheStorage, 'keys' | 'delete'> | null;
  clearSessionHint: () => void;
  clearFormFields: () => void;
}

function keepAlive(surfaces: VisitSurfaces, url: string, init: RequestInit): void {
  // A refused or failed request changes nothing for the person leaving; the server's own expiry
  // (24 hours, or the session's lifetime) still applies.
  void surfaces.fetch(url, { ...init, keepalive: true, credentials: 'same-origin', cache: 'no-store' }).catch(() => undefined);
}

export function forgetVisit(surfaces: VisitSurfaces = browserSurfaces()): void {
  // Read the conversation before the storage holding it is cleared.
  const conversation = readPublicConversation();
  if (conversation) {
    keepAlive(surfaces, `/api/chat/conversations/${encodeURIComponent(conversation.id)}`, {
      method: 'DELETE',
      headers: { [CLIENT_INFO_HEADER]: CLIENT_INFO, [CONVERSATION_TOKEN_HEADER]: conversation.token },
    });
  }

  const accessToken = getAccessToken();
  if (accessToken) {
    keepAlive(surfaces, '/auth/v1/logout?scope=local', {
      method: 'POST',
      headers: { [CLIENT_INFO_HEADER]: CLIENT_INFO, Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
  }
  setAccessToken(null);
  // Without the hint a fresh page does not even try the refresh cookie, should the logout not arrive.
  surfaces.clearSessionHint();

  for (const storage of [surfaces.sessionStorage, surfaces.localStorage]) {
    try {
      storage?.clear();
    } catch {
      // Blocked storage holds nothing.
    }
  }
  if (surfaces.caches) {
    const caches = surfaces.caches;
    void caches
      .keys()
      .then((names) => Promise.all(names.map((name) => caches.delete(name))))
      .catch(() => undefined);
  }
  // The browser puts typed text back into fields when Back returns to a page.
  surfaces.clearFormFields();
}

function browserSurfaces(): VisitSurfaces {
  const optional = <T,>(read: () => T): T | null => {
    try {
      return read() ?? null;
    } catch {
      return null;
    }
  };
  return {
    fetch: (url, init) => window.fetch(url, init),
    sessionStorage: optional(() => window.sessionStorage),
    localStorage: optional(() => window.localStorage),
    caches: optional(() => ('caches' in window ? window.caches : null)),
    clearSessionHint: () => {
      document.cookie = `${SESSION_HINT_COOKIE_NAME}=; Max-Age=0; Path=/; SameSite=Strict`;
    },
    clearFormFields: () => {
      for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
        if (field.type !== 'checkbox' && field.type !== 'radio' && field.type !== 'hidden') field.value = '';
      }
    },
  };
}
