import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, getAccessToken, setAccessToken, setUnauthorizedHandler } from '../../lib/api-client.ts';
import { AUTH_INIT_TIMEOUT_MS, AuthController } from './auth-controller.ts';
import type { Session } from './session.ts';
import i18next from 'i18next';
import auth from '../../i18n/en/auth.json' with { type: 'json' };
import { authProblemText } from './error-text.ts';

const english = i18next.createInstance();
await english.init({ lng: 'en', resources: { en: { auth } }, interpolation: { escapeValue: false }, initAsync: false });

/** The snapshot's error as the dashboard shows it in English. */
function errorText(controller: AuthController): string | null {
  const problem = controller.getSnapshot().error;
  return problem ? authProblemText(problem, english.t) : null;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: Record<string, unknown>) => `${b64({ alg: 'ES256' })}.${b64(claims)}.signature`;

const USER = { id: '7b0f0e5e-1c1e-4a51-9a55-3f1a2b3c4d5e', email: 'maria@users.ellis.invalid', user_metadata: { username: 'maria' }, factors: [] };

function session(overrides: Partial<Session> = {}, claims: Record<string, unknown> = { aal: 'aal1' }): Session {
  return { access_token: token(claims), token_type: 'bearer', expires_in: 600, expires_at: 0, user: USER, ...overrides };
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let calls: Array<{ url: string; init: RequestInit }>;

function mockFetch(handler: Handler) {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return handler(url, init);
  });
}

const REFRESH = '/auth/v1/token?grant_type=refresh_token';
const flush = async () => {
  for (let index = 0; index < 20; index += 1) await Promise.resolve();
};

beforeEach(() => {
  vi.useFakeTimers();
  setAccessToken(null);
  setUnauthorizedHandler(null);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('start-up', () => {
  it('restores the session from the refresh cookie and loads the profile', async () => {
    mockFetch((url) => {
      if (url === REFRESH) return json(200, session());
      if (url === '/api/profile') return json(200, { id: USER.id, username: 'maria', created_at: '2025-01-05T00:00:00Z' });
      return json(404, {});
    });
    const controller = new AuthController();
    expect(controller.getSnapshot()).toMatchObject({ status: 'loading', loading: true, user: null });
    controller.start();
    await vi.waitFor(() => expect(controller.getSnapshot().status).toBe('signedIn'));
    expect(controller.getSnapshot()).toMatchObject({ loading: false, user: USER, profile: { username: 'maria' }, error: null, lastEvent: 'INITIAL_SESSION' });
    const refresh = calls.find((call) => call.url === REFRESH);
    expect(refresh?.init.method).toBe('POST');
    expect(refresh?.init.body).toBe('{}');
    expect(new Headers(refresh?.init.headers).get('X-Client-Info')).toBe('ellis-web');
    expect(new Headers(calls.find((call) => call.url === '/api/profile')?.init.headers).get('Authorization')).toMatch(/^Bearer /);
  });

  it('tolerates a missing profile (404): signed in with an empty profile', async () => {
    mockFetch((url) => (url === REFRESH ? json(200, session()) : json(404, { code: 'not_found', message: 'No profile' })));
    const controller = new AuthController();
    controller.start();
    await vi.waitFor(() => expect(controller.getSnapshot().status).toBe('signedIn'));
    expect(controller.getSnapshot().profile).toBeNull();
    expect(controller.getSnapshot().error).toBeNull();
  });

  it('is simply signed out when the refresh grant is refused', async () => {
    mockFetch(() => json(400, { code: 400, error_code: 'refresh_token_not_found', msg: 'Invalid Refresh Token' }));
    const controller = new AuthController();
    controller.start();
    await vi.waitFor(() => expect(controller.getSnapshot().status).toBe('signedOut'));
    expect(controller.getSnapshot()).toMatchObject({ user: null, profile: null, error: null, loading: false });
    expect(calls).toHaveLength(1);
  });

  it('sets "Authentication initialization timeout" after 10 s without an answer', async () => {
    mockFetch(() => new Promise<Response>(() => {}));
    const controller = new AuthController();
    controller.start();
    await vi.advanceTimersByTimeAsync(AUTH_INIT_TIMEOUT_MS - 1);
    expect(controller.getSnapshot().status).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(controller.getSnapshot()).toMatchObject({ status: 'signedOut', loading: false });
    expect(errorText(controller)).toBe('Authentication initialization timeout');
  });

  it('retries a failing server with a 200 ms back-off, doubling, then reports "Session error: …"', async () => {
    const times: number[] = [];
    mockFetch(() => {
      times.push(Date.now());
      return json(503, { code: 503, error_code: 'unavailable', msg: 'Service unavailable' });
    });
    const controller = new AuthController();
    controller.start();
    await vi.advanceTimersByTimeAsync(7_000);
    expect(times.slice(1).map((time, index) => time - (times[index] ?? 0))).toEqual([200, 400, 800, 1600, 3200]);
    expect(controller.getSnapshot()).toMatchObject({ status: 'signedOut' });
    expect(errorText(controller)).toBe('Session error: Service unavailable');
  });

  it('reports "Auth initialization failed: …" for anything else going wrong', async () => {
    mockFetch(() => json(200, { access_token: 'x', token_type: 'bearer', expires_in: 600, user: null }));
    const controller = new AuthController();
    controller.start();
    await vi.waitFor(() => expect(errorText(controller)).toBe('Auth initialization failed: The session has no user'));
  });

  it('keeps a session that still needs its second factor without signing anyone in', async () => {
    const enrolled = { ...USER, factors: [{ id: 'factor-1', factor_type: 'totp', status: 'verified' }] };
    mockFetch((url) => (url === REFRESH ? json(200, session({ user: enrolled }, { aal: 'aal1' })) : json(403, {})));
    const controller = new AuthController();
    controller.start();
    await vi.waitFor(() => expect(controller.getSnapshot().status).toBe('signedOut'));
    expect(controller.getSnapshot()).toMatchObject({ user: null, pendingFactor: { id: 'factor-1' } });
    expect(getAccessToken()).not.toBeNull();
    expect(calls.map((call) => call.url)).toEqual([REFRESH]);
  });
});

describe('refresh', () => {
  it('refreshes a minute before expiry, and retries failures with a 200 ms back-off, doubling', async () => {
    let refreshes = 0;
    let failNext = 0;
    const times: number[] = [];
    mockFetch((url) => {
      if (url === REFRESH) {
        refreshes += 1;
        times.push(Date.now());
        if (refreshes > 1 && failNext > 0) {
          failNext -= 1;
          return Promise.reject(new TypeError('Failed to fetch'));
        }
        return json(200, session());
      }
      return json(200, { id: USER.id, username: 'maria', created_at: '' });
    });
    const controller = new AuthController();
    controller.start();
    await flush();
    expect(controller.getSnapshot().status).toBe('signedIn');
    failNext = 3;
    const signedInAt = times[0] ?? 0;
    await vi.advanceTimersByTimeAsync(540_000 + 200 + 400 + 800 + 10);
    expect(times.map((time) => time - signedInAt)).toEqual([0, 540_000, 540_200, 540_600, 541_400]);
    expect(controller.getSnapshot().status).toBe('signedIn');
  });

  it('signs out locally when a scheduled refresh is refused', async () => {
    let first = true;
    mockFetch((url) => {
      if (url === REFRESH) {
        if (first) {
          first = false;
          return json(200, session());
        }
        return json(400, { code: 400, error_code: 'session_not_found', msg: 'Session not found' });
      }
      return json(200, { id: USER.id, username: 'maria', created_at: '' });
    });
    const controller = new AuthController();
    controller.start();
    await vi.waitFor(() => expect(controller.getSnapshot().status).toBe('signedIn'));
    await vi.advanceTimersByTimeAsync(541_000);
    expect(controller.getSnapshot()).toMatchObject({ status: 'signedOut', user: null, profile: null, error: null });
    expect(getAccessToken()).toBeNull();
  });

  it('refreshes once and retries when a request comes back 401', async () => {
    const first = session({}, { aal: 'aal1', n: 1 });
    const second = session({}, { aal: 'aal1', n: 2 });
    let refreshes = 0;
    mockFetch((url, init) => {
      if (url === REFRESH) return json(200, refreshes++ === 0 ? first : second);
      if (url === '/api/profile') return json(200, { id: USER.id, username: 'maria', created_at: '' });
      const auth = new Headers(init.headers).get('Authorization');
      return auth === `Bearer ${second.access_token}` ? json(200, [{ id: 'b1' }]) : json(401, { code: 'invalid_token', message: 'JWT has expired' });
    });
    const controller = new AuthController();
    controller.start();
    await vi.waitFor(() => expect(controller.getSnapshot().status).toBe('signedIn'));
    await expect(api.get('/api/bookmarks')).resolves.toEqual([{ id: 'b1' }]);
    expect(refreshes).toBe(2);
  });
});

describe('sign-out', () => {
  it('always clears user, profile and error locally, even when the server call fails', async () => {
    mockFetch((url) => {
      if (url === REFRESH) return json(200, session());
      if (url.startsWith('/auth/v1/logout')) return Promise.reject(new TypeError('Failed to fetch'));
      return json(200, { id: USER.id, username: 'maria', created_at: '' });
    });
    const controller = new AuthController();
    controller.start();
    await vi.waitFor(() => expect(controller.getSnapshot().status).toBe('signedIn'));
    await controller.signOut();
    expect(controller.getSnapshot()).toMatchObject({ status: 'signedOut', user: null, profile: null, error: null, lastEvent: 'SIGNED_OUT' });
    expect(getAccessToken()).toBeNull();
    const logout = calls.find((call) => call.url.startsWith('/auth/v1/logout'));
    expect(logout?.url).toBe('/auth/v1/logout?scope=local');
    expect(new Headers(logout?.init.headers).get('Authorization')).toMatch(/^Bearer /);
  });

  it('"others" keeps this session and reports a failure', async () => {
    mockFetch((url) => {
      if (url === REFRESH) return json(200, session());
      if (url.startsWith('/auth/v1/logout')) return json(500, { code: 500, error_code: 'unexpected_failure', msg: 'Boom' });
      return json(200, { id: USER.id, username: 'maria', created_at: '' });
    });
    const controller = new AuthController();
    controller.start();
    await vi.waitFor(() => expect(controller.getSnapshot().status).toBe('signedIn'));
    await expect(controller.signOut('others')).rejects.toThrow('Boom');
    expect(controller.getSnapshot().status).toBe('signedIn');
  });
});
