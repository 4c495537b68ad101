import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetVisit, type VisitSurfaces } from './forget-visit.ts';
import { getAccessToken, setAccessToken } from './api-client.ts';
import { storePublicConversation } from './public-conversation-store.ts';
import { MemoryStorage } from './test-kit.ts';

class ClearableStorage extends MemoryStorage {
  clear() {
    this.items.clear();
  }
}

describe('forgetVisit (Quick exit)', () => {
  let session: ClearableStorage;
  let local: ClearableStorage;
  let requests: { url: string; init: RequestInit }[];
  let cacheNames: string[];
  let surfaces: VisitSurfaces;
  let hintCleared: boolean;
  let fieldsCleared: boolean;

  beforeEach(() => {
    session = new ClearableStorage();
    local = new ClearableStorage();
    vi.stubGlobal('window', { sessionStorage: session });
    requests = [];
    cacheNames = ['ellis-pages'];
    hintCleared = false;
    fieldsCleared = false;
    surfaces = {
      fetch: async (url, init) => {
        requests.push({ url, init });
        return new Response(null, { status: 204 });
      },
      sessionStorage: session,
      localStorage: local,
      caches: {
        keys: async () => [...cacheNames],
        delete: async (name: string) => {
          cacheNames = cacheNames.filter((existing) => existing !== name);
          return true;
        },
      },
      clearSessionHint: () => (hintCleared = true),
      clearFormFields: () => (fieldsCleared = true),
    };
  });

  afterEach(() => {
    setAccessToken(null);
    vi.unstubAllGlobals();
  });

  it('ends the anonymous conversation with a keep-alive request and forgets everything the tab holds', async () => {
    storePublicConversation({ id: 'c 1', token: 'secret-token', expiresAt: '2999-01-01T00:00:00.000Z', provider: 'guide' });
    local.setItem('ellis.anything', 'x');
    forgetVisit(surfaces);

    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('/api/chat/conversations/c%201');
    expect(requests[0]!.init).toMatchObject({ method: 'DELETE', keepalive: true });
    expect(requests[0]!.init.headers).toMatchObject({ 'X-Conversation-Token': 'secret-token', 'X-Client-Info': 'ellis-web' });
    expect(session.items.size).toBe(0);
    expect(local.items.size).toBe(0);
    expect(hintCleared).toBe(true);
    expect(fieldsCleared).toBe(true);
    await vi.waitFor(() => expect(cacheNames).toEqual([]));
  });

  it('signs a signed-in tab out: a keep-alive logout of this session, and the token forgotten', () => {
    setAccessToken('access-token');
    forgetVisit(surfaces);
    expect(requests).toEqual([
      {
        url: '/auth/v1/logout?scope=local',
        init: expect.objectContaining({
          method: 'POST',
          keepalive: true,
          headers: expect.objectContaining({ Authorization: 'Bearer access-token', 'X-Client-Info': 'ellis-web' }),
        }),
      },
    ]);
    expect(getAccessToken()).toBeNull();
  });

  it('does not wait for, or fail on, a server that cannot be reached', () => {
    storePublicConversation({ id: 'c1', token: 't', expiresAt: '2999-01-01T00:00:00.000Z', provider: 'guide' });
    surfaces.fetch = () => Promise.reject(new TypeError('offline'));
    expect(() => forgetVisit(surfaces)).not.toThrow();
    expect(session.items.size).toBe(0);
  });
});
