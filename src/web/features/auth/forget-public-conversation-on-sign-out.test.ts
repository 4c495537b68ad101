import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthSnapshot, type AuthSnapshot, type AuthStatus } from './auth-controller.ts';
import { forgetPublicConversationOnSignOut } from './forget-public-conversation-on-sign-out.ts';
import { readPublicConversation, storePublicConversation } from '../../lib/public-conversation-store.ts';
import { MemoryStorage } from '../../lib/test-kit.ts';

/** The two calls the watcher uses, driven by hand. */
class FakeAuth {
  snapshot: AuthSnapshot = initialAuthSnapshot;
  readonly listeners = new Set<() => void>();
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = () => this.snapshot;
  become(status: AuthStatus) {
    this.snapshot = { ...this.snapshot, status, loading: status === 'loading' };
    for (const listener of this.listeners) listener();
  }
}

const conversation = { id: 'c1', token: 't1', expiresAt: '2999-01-01T00:00:00.000Z', provider: 'guide' };

describe('the anonymous conversation when a session ends', () => {
  beforeEach(() => {
    vi.stubGlobal('window', { sessionStorage: new MemoryStorage() });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is forgotten when a signed-in person signs out', () => {
    const auth = new FakeAuth();
    const stop = forgetPublicConversationOnSignOut(auth);
    storePublicConversation(conversation);
    auth.become('signedIn');
    expect(readPublicConversation()).toEqual(conversation);
    auth.become('signedOut');
    expect(readPublicConversation()).toBeNull();
    stop();
    expect(auth.listeners.size).toBe(0);
  });

  it('is kept for an anonymous visitor: the page finding out nobody is signed in is no sign-out', () => {
    const auth = new FakeAuth();
    forgetPublicConversationOnSignOut(auth);
    storePublicConversation(conversation);
    auth.become('signedOut');
    expect(readPublicConversation()).toEqual(conversation);
    // Stored again later in the anonymous visit, still kept on repeated signed-out updates.
    auth.become('signedOut');
    expect(readPublicConversation()).toEqual(conversation);
  });
});
