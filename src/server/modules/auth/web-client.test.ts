import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { testDatabaseTargets } from '../../db/testing/test-databases.ts';
import { PASSWORD, bearer, enrollTotp, signUp, startAccountsApp, uniqueUsername, type AccountsTestApp } from './testing/accounts-kit.ts';
import { SESSION_IDLE_TIMEOUT_MS } from './constants.ts';

const ORIGIN = 'http://localhost:3000';
const WEB = { 'x-client-info': 'ellis-web', origin: ORIGIN };

function refreshCookie(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === 'ellis_refresh_token');
}

for (const target of testDatabaseTargets()) {
  describe(`web-client mode (refresh token in an HttpOnly cookie) on ${target.dialect}`, () => {
    let t: AccountsTestApp;

    beforeAll(async () => {
      t = await startAccountsApp(target);
    });
    afterAll(async () => {
      await t.close();
    });

    async function webSignUp() {
      const username = uniqueUsername('web');
      const response = await t.app.inject({ method: 'POST', url: '/auth/v1/signup', headers: WEB, payload: { username, password: PASSWORD } });
      expect(response.statusCode).toBe(200);
      const cookie = refreshCookie(response);
      expect(cookie).toBeDefined();
      return { username, body: response.json(), cookie: cookie!.value };
    }

    const refreshWithCookie = (cookie: string, headers: Record<string, string> = WEB) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        headers: { ...headers, 'content-type': 'application/json' },
        cookies: { ellis_refresh_token: cookie },
        payload: '{}',
      });

    const postWithCookie = (url: string, cookie: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url, headers, cookies: { ellis_refresh_token: cookie } });

    /** The response empties the refresh cookie on the path it was set on. */
    function expectCookieCleared(response: LightMyRequestResponse): void {
      const cleared = refreshCookie(response)!;
      expect(cleared.value).toBe('');
      expect(cleared.path).toBe('/auth/v1');
    }

    it('sign-up and sign-in set an HttpOnly, SameSite=Strict cookie on /auth/v1 and leave refresh_token out of the body', async () => {
      const { username, body } = await webSignUp();
      expect(body.refresh_token).toBeUndefined();
      expect(body.access_token).toBeTruthy();
      expect(body.recovery_code).toBeTruthy();

      const signIn = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        headers: WEB,
        payload: { username, password: PASSWORD },
      });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json().refresh_token).toBeUndefined();
      const cookie = refreshCookie(signIn)!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth/v1', maxAge: SESSION_IDLE_TIMEOUT_MS / 1000 });
      expect(cookie.secure).toBeUndefined();
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('the refresh grant reads the cookie and rotates it', async () => {
      const { cookie } = await webSignUp();
      const response = await refreshWithCookie(cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json().refresh_token).toBeUndefined();
      const rotated = refreshCookie(response)!.value;
      expect(rotated).not.toBe(cookie);
      t.clock.advance(11_000);
      expect((await refreshWithCookie(rotated)).statusCode).toBe(200);
    });

    it('an empty body (no JSON at all) works for the cookie refresh', async () => {
      const { cookie } = await webSignUp();
      const response = await postWithCookie('/auth/v1/token?grant_type=refresh_token', cookie, WEB);
      expect(response.statusCode).toBe(200);
    });

    it('a cookie without X-Client-Info: ellis-web is refused with 403', async () => {
      const { cookie } = await webSignUp();
      const response = await refreshWithCookie(cookie, { origin: ORIGIN });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 403, error_code: 'invalid_request_origin' });
      // The cookie was not spent.
      expect((await refreshWithCookie(cookie)).statusCode).toBe(200);
    });

    it('a web-client request from another Origin is refused with 403; no Origin header is fine', async () => {
      const { cookie } = await webSignUp();
      const evil = await refreshWithCookie(cookie, { 'x-client-info': 'ellis-web', origin: 'https://evil.example' });
      expect(evil.statusCode).toBe(403);
      const nullOrigin = await refreshWithCookie(cookie, { 'x-client-info': 'ellis-web', origin: 'null' });
      expect(nullOrigin.statusCode).toBe(403);
      const signUpElsewhere = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/signup',
        headers: { 'x-client-info': 'ellis-web', origin: 'https://evil.example' },
        payload: { username: uniqueUsername(), password: PASSWORD },
      });
      expect(signUpElsewhere.statusCode).toBe(403);
      expect(refreshCookie(signUpElsewhere)).toBeUndefined();
      const noOrigin = await refreshWithCookie(cookie, { 'x-client-info': 'ellis-web' });
      expect(noOrigin.statusCode).toBe(200);
    });

    it('a dead cookie is cleared when the refresh fails', async () => {
      const response = await refreshWithCookie('x'.repeat(43));
      expect(response.statusCode).toBe(400);
      expectCookieCleared(response);
    });

    it('logout with only the cookie (expired access token) ends the session and clears the cookie', async () => {
      const { body, cookie } = await webSignUp();
      t.clock.advance(11 * 60 * 1000); // the access token has expired
      const response = await postWithCookie('/auth/v1/logout?scope=local', cookie, { ...WEB, ...bearer(body.access_token) });
      expect(response.statusCode).toBe(204);
      expectCookieCleared(response);
      expect((await refreshWithCookie(cookie)).statusCode).toBe(400);
    });

    it('logout through the cookie needs the web-client header', async () => {
      const { cookie } = await webSignUp();
      const response = await postWithCookie('/auth/v1/logout', cookie, {});
      expect(response.statusCode).toBe(403);
      expect((await refreshWithCookie(cookie)).statusCode).toBe(200);
    });

    it('MFA verify in web mode sets the new refresh token as a cookie', async () => {
      const { body } = await webSignUp();
      const headers = { ...WEB, ...bearer(body.access_token) };
      const { verified } = await enrollTotp(t.app, headers, t.clock.now());
      expect(verified.statusCode).toBe(200);
      expect(verified.json().refresh_token).toBeUndefined();
      expect(refreshCookie(verified)?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });
  });
}

describe('web-client cookie on https', () => {
  it('is Secure when PUBLIC_URL is https, and the Origin must match it', async () => {
    const [sqlite] = testDatabaseTargets();
    const t = await startAccountsApp(sqlite!, { env: { PUBLIC_URL: 'https://ellis.example.org' } });
    try {
      const payload = { username: uniqueUsername(), password: PASSWORD };
      const local = await t.app.inject({ method: 'POST', url: '/auth/v1/signup', headers: WEB, payload });
      expect(local.statusCode).toBe(403);
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/signup',
        headers: { 'x-client-info': 'ellis-web', origin: 'https://ellis.example.org' },
        payload,
      });
      expect(response.statusCode).toBe(200);
      expect(refreshCookie(response)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
      // Outside web mode nothing changes.
      const plain = await signUp(t.app);
      expect(plain.refresh_token).toBeTruthy();
    } finally {
      await t.close();
    }
  });
});
