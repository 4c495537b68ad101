// Transport and browser security (DESIGN §6): the security headers on every route the app
// registers (API, pages and files, answers and errors alike), HSTS only on https, no-store on
// signed-in answers, refresh-cookie flags, cross-site requests to cookie endpoints refused, and no GET
// that changes stored data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { testDatabaseTargets } from '../db/testing/test-databases.ts';
import type { DatabaseSchema } from '../db/schema.ts';
import { bearer } from '../modules/auth/testing/accounts-kit.ts';
import { exampleFor, prepareExample } from './route-examples.ts';
import { SecurityKit, fillPath, isApiPattern, pathParams, routeKey } from './security-kit.ts';
import { LANGUAGE_CHOICE_PATH } from '../../shared/locales.ts';

const HTTPS_URL = 'https://ellis.example.org';
// Headers and cookies do not depend on the database: that part runs on SQLite only.
const sqliteOnly = testDatabaseTargets().filter((target) => target.dialect === 'sqlite');

function expectSecurityHeaders(response: LightMyRequestResponse, what: string, secure: boolean) {
  const headers = response.headers;
  const csp = String(headers['content-security-policy'] ?? '');
  for (const directive of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
    expect(csp, `${what}: CSP has ${directive}`).toContain(directive);
  }
  expect(csp, what).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(String(headers['permissions-policy']), what).toContain('microphone=(self)');
  expect(headers['x-frame-options'], what).toBe('DENY');
  if (secure) expect(String(headers['strict-transport-security']), what).toMatch(/max-age=\d{7,}/);
  else expect(headers['strict-transport-security'], what).toBeUndefined();
}

describe.each([
  { scheme: 'http', env: {} as Record<string, string>, secure: false },
  { scheme: 'https', env: { PUBLIC_URL: HTTPS_URL }, secure: true },
])('security headers on every route over $scheme', ({ env, secure }) => {
  let kit: SecurityKit;

  beforeAll(async () => {
    kit = await SecurityKit.start(sqliteOnly[0]!, { env, withWebApp: true });
  });
  afterAll(async () => {
    await kit.close();
  });

  it('on every API route, for a valid call and for a refused one', async () => {
    const routes = kit.apiRoutes();
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const example = exampleFor(route.method, route.url)!;
      const { request } = await prepareExample(kit, route.method, example);
      const valid = await kit.inject(request);
      expect(valid.statusCode, routeKey(route)).toBe(example.status);
      expectSecurityHeaders(valid, `${routeKey(route)} (valid)`, secure);
      const authCall = route.url.startsWith('/auth/v1/') && !route.url.includes('jwks') && !route.url.endsWith('/settings');
      if (example.access === 'signed-in' || example.noStore || authCall) {
        expect(valid.headers['cache-control'], routeKey(route)).toBe('no-store');
      }
      const headers = { ...(request.headers as Record<string, string>) };
      delete headers.authorization;
      const refused = await kit.inject({ ...request, headers: { ...headers, authorization: 'Bearer forged' }, payload: '{"bad json' } as InjectOptions);
      if (example.access === 'signed-in') expect(refused.statusCode, routeKey(route)).toBeGreaterThanOrEqual(400);
      expectSecurityHeaders(refused, `${routeKey(route)} (refused ${refused.statusCode})`, secure);
    }
  });

  it('on every page and file of the web app, and on the 404 page', async () => {
    const routes = kit.routes.filter((route) => route.method === 'GET' && !isApiPattern(route.url) && !route.websocket);
    const pages = routes.filter((route) => !route.url.includes('.'));
    expect(pages.map((route) => route.url)).toEqual(expect.arrayContaining(['/', '/about', '/resources', '/login', '/dashboard']));
    for (const route of routes) {
      const url = fillPath(route.url, Object.fromEntries(pathParams(route.url).map((name) => [name, 'x'])));
      const response = await kit.inject({ method: 'GET', url });
      // The page files are served by their paths only (/about, not /pages/about.html, /index.html or
      // the public pages' template /public.html).
      const hidden = url === '/index.html' || url === '/public.html' || url.startsWith('/pages/');
      // The language switcher's link sets the cookie and sends the visitor back to a page.
      const redirect = url === LANGUAGE_CHOICE_PATH;
      expect(response.statusCode, url).toBe(hidden ? 404 : redirect ? 303 : 200);
      expectSecurityHeaders(response, url, secure);
    }
    console.log(`headers checked on ${routes.length} page and file routes (${pages.length} pages)`);
    const missing = await kit.inject({ method: 'GET', url: '/no-such-page', headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing, '404 page', secure);
  });

  it('sets the refresh cookie HttpOnly, SameSite=Strict, Path=/auth/v1, Secure only on https', async () => {
    const response = await kit.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: { 'x-client-info': 'ellis-web', origin: kit.publicUrl },
      payload: { username: `cookie_${Date.now() % 1_000_000}`, password: 'Sunny-Day-2026' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().refresh_token).toBeUndefined();
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^ellis_refresh_token=[^;]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/auth/v1');
    if (secure) expect(cookie).toContain('Secure');
    else expect(cookie).not.toContain('Secure');
    // The secret-free hint that lets the page skip the refresh call when no one is signed in.
    const hint = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((value) => value.startsWith('ellis_signed_in='));
    expect(hint).toMatch(/^ellis_signed_in=1;/);
    expect(hint).not.toContain('HttpOnly');
    expect(hint).toContain('SameSite=Strict');
    expect(hint).toContain('Path=/;');
  });
});

for (const target of testDatabaseTargets()) {
  describe(`cross-site requests and GETs on ${target.dialect}`, () => {
    let kit: SecurityKit;

    beforeAll(async () => {
      kit = await SecurityKit.start(target);
    });
    afterAll(async () => {
      await kit.close();
    });

    /** A web-app session: the refresh token only as a cookie. */
    async function webSession(): Promise<{ cookie: string; accessToken: string }> {
      const response = await kit.inject({
        method: 'POST',
        url: '/auth/v1/signup',
        headers: { 'x-client-info': 'ellis-web', origin: kit.publicUrl, 'sec-fetch-site': 'same-origin' },
        payload: { username: `web_${process.hrtime.bigint() % 100_000_000n}`, password: 'Sunny-Day-2026' },
      });
      expect(response.statusCode).toBe(200);
      const value = /ellis_refresh_token=([^;]+)/.exec(String(response.headers['set-cookie']))![1]!;
      return { cookie: `ellis_refresh_token=${value}`, accessToken: response.json().access_token };
    }

    const refresh = (cookie: string, headers: Record<string, string>) =>
      kit.inject({ method: 'POST', url: '/auth/v1/token?grant_type=refresh_token', headers: { cookie, ...headers }, payload: {} });
    const logout = (cookie: string, headers: Record<string, string>) =>
      kit.inject({ method: 'POST', url: '/auth/v1/logout?scope=local', headers: { cookie, ...headers }, payload: {} });

    const FOREIGN: Array<[string, Record<string, string>]> = [
      ['another origin', { 'x-client-info': 'ellis-web', origin: 'https://evil.example' }],
      ['a sibling subdomain', { 'x-client-info': 'ellis-web', origin: 'http://evil.localhost:3000' }],
      ['an opaque origin', { 'x-client-info': 'ellis-web', origin: 'null' }],
      ['Sec-Fetch-Site cross-site without Origin', { 'x-client-info': 'ellis-web', 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site same-site without Origin', { 'x-client-info': 'ellis-web', 'sec-fetch-site': 'same-site' }],
      ['no X-Client-Info (a plain form post)', { origin: 'https://evil.example' }],
      ['no X-Client-Info and no Origin', {}],
    ];

    it.each(FOREIGN)('refresh with the cookie from %s is refused and the cookie keeps working', async (_name, headers) => {
      const { cookie } = await webSession();
      const refused = await refresh(cookie, headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 403, error_code: 'invalid_request_origin', msg: 'This request must come from the Ellis web app.' });
      expect(refused.headers['set-cookie']).toBeUndefined();
      const own = await refresh(cookie, { 'x-client-info': 'ellis-web', origin: kit.publicUrl, 'sec-fetch-site': 'same-origin' });
      expect(own.statusCode).toBe(200);
    });

    it.each(FOREIGN)('logout with the cookie from %s is refused and the session stays', async (_name, headers) => {
      const { cookie, accessToken } = await webSession();
      const refused = await logout(cookie, headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['set-cookie']).toBeUndefined();
      expect((await kit.inject({ method: 'GET', url: '/auth/v1/user', headers: bearer(accessToken) })).statusCode).toBe(200);
      const own = await logout(cookie, { 'x-client-info': 'ellis-web', origin: kit.publicUrl, 'sec-fetch-site': 'same-origin' });
      expect(own.statusCode).toBe(204);
      expect((await kit.inject({ method: 'GET', url: '/auth/v1/user', headers: bearer(accessToken) })).statusCode).toBe(401);
    });

    it('a sign-in from another site cannot plant a cookie', async () => {
      await kit.newUser();
      const response = await kit.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        headers: { 'x-client-info': 'ellis-web', origin: 'https://evil.example' },
        payload: { username: 'anyone', password: 'Sunny-Day-2026' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    async function snapshot(): Promise<string> {
      const tables: Array<keyof DatabaseSchema> = [
        'users', 'user_profiles', 'sessions', 'refresh_tokens', 'mfa_factors', 'mfa_challenges', 'bookmarks',
        'conversations', 'messages', 'public_conversations', 'public_messages',
      ];
      const parts: Record<string, string[]> = {};
      for (const table of tables) {
        const rows = await kit.database.db.selectFrom(table).selectAll().execute();
        parts[table] = rows.map((row) => JSON.stringify(row)).sort();
      }
      // Any table a later migration adds (chat, voice) is counted too, so it cannot change unnoticed.
      const count = kit.database.dialect === 'sqlite'
        ? await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table'`.execute(kit.database.db)
        : await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema()`.execute(kit.database.db);
      return JSON.stringify({ parts, tables: count.rows[0]?.n });
    }

    it('no GET or HEAD route changes stored data', async () => {
      const reads = kit.apiRoutes().filter((route) => route.method === 'GET' || route.method === 'HEAD');
      expect(reads.length).toBeGreaterThan(10);
      for (const route of reads) {
        const { request } = await prepareExample(kit, route.method, exampleFor(route.method, route.url)!);
        const before = await snapshot();
        const response = await kit.inject(request);
        expect(response.statusCode, routeKey(route)).toBeLessThan(300);
        expect(await snapshot(), `${routeKey(route)} changed stored data`).toBe(before);
      }
      console.log(`${reads.length} GET/HEAD routes left the database as it was`);
    });
  });
}
