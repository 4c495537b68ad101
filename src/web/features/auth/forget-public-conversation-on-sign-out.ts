import { useEffect } from 'react';
import { useAuthController } from './auth-provider.tsx';
import type { AuthSnapshot } from './auth-controller.ts';
import { forgetPublicConversation } from '../../lib/public-conversation-store.ts';

interface AuthSource {
  subscribe(listener: () => void): () => void;
  getSnapshot(): AuthSnapshot;
}

/**
 * Forgets the tab's anonymous conversation whenever a signed-in session ends (signing out, or a
 * session the server ended): the next person on a shared device must not find it on /chat
 * (docs/decisions/042-keep-an-anonymous-chat-after-sign-in.md). An anonymous visitor's own
 * conversation is kept: only the step from signed in to signed out counts. Returns the unsubscribe.
 */
export function forgetPublicConversationOnSignOut(auth: AuthSource): () => void {
  let previous = auth.getSnapshot().status;
  return auth.subscribe(() => {
    const status = auth.getSnapshot().status;
    if (previous === 'signedIn' && status === 'signedOut') forgetPublicConversation();
    previous = status;
  });
}

/** The page-wide hook for forgetPublicConversationOnSignOut. */
export function useForgetPublicConversationOnSignOut(): void {
  const controller = useAuthController();
  useEffect(() => forgetPublicConversationOnSignOut(controller), [controller]);
}
