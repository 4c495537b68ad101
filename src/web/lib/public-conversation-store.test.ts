import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPublicConversation, readPublicConversation, storePublicConversation } from './public-conversation-store.ts';
import { MemoryStorage } from './test-kit.ts';

describe('public conversation in sessionStorage', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('window', { sessionStorage: storage });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const conversation = { id: 'c1', token: 't1', expiresAt: '2026-01-02T00:00:00.000Z', provider: 'guide' };

  it('keeps the conversation until it expires, then forgets it', () => {
    storePublicConversation(conversation);
    expect(readPublicConversation(Date.parse('2026-01-01T23:59:59.999Z'))).toEqual(conversation);
    expect(readPublicConversation(Date.parse('2026-01-02T00:00:00.000Z'))).toBeNull();
    forgetPublicConversation();
    expect(storage.items.size).toBe(0);
  });

  it('ignores damaged values', () => {
    for (const raw of ['{', '{"id":1}', 'null']) {
      storage.setItem('ellis.chat.public-conversation', raw);
      expect(readPublicConversation(0)).toBeNull();
    }
  });

  it('works without storage (server render, blocked storage)', () => {
    vi.stubGlobal('window', undefined);
    storePublicConversation(conversation);
    expect(readPublicConversation(0)).toBeNull();
  });
});
