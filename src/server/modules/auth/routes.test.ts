import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicKey } from 'node:crypto';
import { jwtVerify } from 'jose';
import { testDatabaseTargets } from '../../db/testing/test-databases.ts';
import { passwordMessages, usernameMessages } from '../../../shared/validation/account-rules.ts';
import {
  PASSWORD,
  bearer,
  claimsOf,
  headerOf,
  refreshRequest,
  signIn,
  signInRequest,
  signUp,
  startAccountsApp,
  uniqueUsername,
  type AccountsTestApp,
} from './testing/accounts-kit.ts';
import { GUESSABLE_PASSWORD_MESSAGE } from './service.ts';
import { ACCESS_TOKEN_TTL_SECONDS, SESSION_IDLE_TIMEOUT_MS, SESSION_MAX_LIFETIME_MS } from './constants.ts';
import { AuthRepository } from './repository.ts';
import { SessionService } from './sessions.ts';
import type { AccessTokens } from './tokens.ts';

const DAY = 24 * 60 * 60 * 1000;

for (const target of testDatabaseTargets()) {
  describe(`/auth/v1 on ${target.dialect}`, () => {
    let t: AccountsTestApp;

    beforeAll(async () => {
      t = await startAccountsApp(target);
    });
    afterAll(async () => {
      await t.close();
    });

    const getUser = (token: string) => t.app.inject({ method: 'GET', url: '/auth/v1/user', headers: bearer(token) });

    describe('sign-up', () => {
      it('creates the user and profile and returns a GoTrue session with a recovery code', async () => {
        const username = uniqueUsername('Sam');
        const session = await signUp(t.app, username);
        expect(session).toMatchObject({ token_type: 'bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS });
        expect(session.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(session.expires_at).toBe(Math.floor(t.clock.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS);
        expect(session.recovery_code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}-[A-Z2-7]{5}-[A-Z2-7]{5}$/);
        expect(session.user).toMatchObject({
          aud: 'authenticated',
          role: 'authenticated',
          email: `${username.toLowerCase()}@users.ellis.invalid`,
          user_metadata: { username },
          app_metadata: { provider: 'email' },
          factors: [],
        });
        expect(session.user.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect((session.user as unknown as { identities: unknown[] }).identities).toHaveLength(1);

        const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(session.access_token) });
        expect(profile.statusCode).toBe(200);
        expect(profile.json()).toEqual({ id: session.user.id, username, created_at: new Date(t.clock.now()).toISOString() });
        const stored = await t.database.db.selectFrom('users').selectAll().where('id', '=', session.user.id).executeTakeFirstOrThrow();
        expect(stored.password_hash).toMatch(/^\$argon2id\$/);
        expect(stored.recovery_code_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(stored.recovery_code_hash).not.toContain(session.recovery_code!.replace(/-/g, ''));
      });

      it('accepts the auth-js body {email, password, data:{username}}', async () => {
        const username = uniqueUsername('Jo');
        const response = await t.app.inject({
          method: 'POST',
          url: '/auth/v1/signup',
          payload: {
            email: `${username.toLowerCase()}@users.ellis.invalid`,
            password: PASSWORD,
            data: { username },
            gotrue_meta_security: {},
            code_challenge: null,
          },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json().user.user_metadata.username).toBe(username);
      });

      it('refuses a taken username, whatever its case, with 422 user_already_exists', async () => {
        const username = uniqueUsername('Taken');
        await signUp(t.app, username);
        const response = await t.app.inject({
          method: 'POST',
          url: '/auth/v1/signup',
          payload: { username: username.toUpperCase(), password: PASSWORD },
        });
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({ code: 422, error_code: 'user_already_exists', msg: 'Username is already taken' });
      });

      it.each([
        ['ab', usernameMessages.tooShort],
        ['a'.repeat(21), usernameMessages.tooLong],
        ['bad name!', usernameMessages.characters],
        ['', usernameMessages.tooShort],
      ])('refuses the username %j with the spec message', async (username, message) => {
        const response = await t.app.inject({ method: 'POST', url: '/auth/v1/signup', payload: { username, password: PASSWORD } });
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({ code: 422, error_code: 'validation_failed', msg: message });
      });

      it.each([
        ['Short1a', ['length'], passwordMessages.length],
        ['alllowercase1', ['uppercase', 'characters'], passwordMessages.uppercase],
        ['ALLUPPERCASE1', ['lowercase', 'characters'], passwordMessages.lowercase],
        ['NoDigitsHere', ['number', 'characters'], passwordMessages.number],
        ['short', ['length', 'uppercase', 'number', 'characters'], passwordMessages.length],
        // Rule-compliant but common or quickly guessed: the offline estimator refuses them.
        ['Password123!', ['pwned'], GUESSABLE_PASSWORD_MESSAGE],
        ['Welcome2026now', ['pwned'], GUESSABLE_PASSWORD_MESSAGE],
        ['Summer2024abc', ['pwned'], GUESSABLE_PASSWORD_MESSAGE],
      ])('refuses the password %j with 422 weak_password and its reasons', async (password, reasons, message) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/auth/v1/signup',
          payload: { username: uniqueUsername(), password },
        });
        expect(response.statusCode).toBe(422);
        const body = response.json();
        expect(body).toMatchObject({ code: 422, error_code: 'weak_password', msg: message });
        expect(body.weak_password.reasons).toEqual(reasons);
      });

      it('refuses an email that is not the synthetic address of the username', async () => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/auth/v1/signup',
          payload: { email: 'someone@example.org', password: PASSWORD, data: { username: uniqueUsername() } },
        });
        expect(response.statusCode).toBe(422);
        expect(response.json().error_code).toBe('validation_failed');
      });
    });

    describe('password sign-in', () => {
      it('signs in by username (any case) or by synthetic email', async () => {
        const username = uniqueUsername('Kim');
        const created = await signUp(t.app, username);
        const byUsername = await signIn(t.app, username.toUpperCase());
        expect(byUsername.user.id).toBe(created.user.id);
        const byEmail = await t.app.inject({
          method: 'POST',
          url: '/auth/v1/token?grant_type=password',
          payload: { email: created.user.email, password: PASSWORD },
        });
        expect(byEmail.statusCode).toBe(200);
        expect(byEmail.json().session_id).toBeUndefined();
        expect(claimsOf(byEmail.json().access_token).session_id).not.toBe(claimsOf(byUsername.access_token).session_id);
      });

      it('answers unknown user and wrong password with the same 400 invalid_credentials body', async () => {
        const username = uniqueUsername();
        await signUp(t.app, username);
        const wrongPassword = await signInRequest(t.app, username, 'Wrong-Password-1');
        const unknownUser = await signInRequest(t.app, uniqueUsername('nobody'), PASSWORD);
        expect(wrongPassword.statusCode).toBe(400);
        expect(unknownUser.statusCode).toBe(400);
        expect(wrongPassword.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
        expect(unknownUser.body).toBe(wrongPassword.body);
      });

      it('issues an ES256 access token with a kid from the JWKS and the claims auth-js reads', async () => {
        const session = await signUp(t.app);
        const header = headerOf(session.access_token);
        expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
        const jwks = await t.app.inject({ method: 'GET', url: '/auth/v1/.well-known/jwks.json' });
        expect(jwks.statusCode).toBe(200);
        const key = jwks.json().keys.find((candidate: { kid: string }) => candidate.kid === header.kid);
        expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
        expect(key.d).toBeUndefined();
        const { payload } = await jwtVerify(session.access_token, createPublicKey({ key, format: 'jwk' }), {
          currentDate: new Date(t.clock.now()),
        });
        expect(payload).toMatchObject({
          sub: session.user.id,
          aud: 'authenticated',
          role: 'authenticated',
          email: session.user.email,
          aal: 'aal1',
          amr: [{ method: 'password', timestamp: Math.floor(t.clock.now() / 1000) }],
          is_anonymous: false,
        });
        expect(typeof payload.session_id).toBe('string');
        expect(payload.exp! - payload.iat!).toBe(ACCESS_TOKEN_TTL_SECONDS);
        expect(ACCESS_TOKEN_TTL_SECONDS).toBeLessThanOrEqual(600);
      });

      it('refuses a missing field with 400 and an unknown grant type with 400 unsupported_grant_type', async () => {
        const missing = await t.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { username: 'x' } });
        expect(missing.statusCode).toBe(400);
        const pkce = await t.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=pkce', payload: {} });
        expect(pkce.statusCode).toBe(400);
        expect(pkce.json().error_code).toBe('unsupported_grant_type');
      });
    });

    describe('access tokens and sessions', () => {
      it('GET /user returns the user and marks the answer no-store', async () => {
        const session = await signUp(t.app);
        const response = await getUser(session.access_token);
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.json()).toMatchObject({ id: session.user.id, email: session.user.email, factors: [] });
      });

      it('refuses a missing, malformed or forged bearer token with 401 in GoTrue shape', async () => {
        const none = await t.app.inject({ method: 'GET', url: '/auth/v1/user' });
        expect(none.statusCode).toBe(401);
        expect(none.json()).toMatchObject({ code: 401, error_code: 'no_authorization' });
        const garbage = await getUser('not-a-jwt');
        expect(garbage.statusCode).toBe(401);
        expect(garbage.json().error_code).toBe('bad_jwt');
        const session = await signUp(t.app);
        const [header, payload] = session.access_token.split('.');
        const forgedPayload = Buffer.from(JSON.stringify({ ...claimsOf(session.access_token), aal: 'aal2' })).toString('base64url');
        const forged = await getUser(`${header}.${forgedPayload}.${session.access_token.split('.')[2]}`);
        expect(forged.statusCode).toBe(401);
        expect(payload).toBeDefined();
      });

      it('an access token stops working after 10 minutes', async () => {
        const session = await signUp(t.app);
        t.clock.advance(ACCESS_TOKEN_TTL_SECONDS * 1000 - 1000);
        expect((await getUser(session.access_token)).statusCode).toBe(200);
        t.clock.advance(2000);
        const expired = await getUser(session.access_token);
        expect(expired.statusCode).toBe(401);
        expect(expired.json().error_code).toBe('bad_jwt');
      });

      it("a revoked session's access token fails at once (401 session_not_found)", async () => {
        const session = await signUp(t.app);
        expect((await getUser(session.access_token)).statusCode).toBe(200);
        const logout = await t.app.inject({ method: 'POST', url: '/auth/v1/logout?scope=local', headers: bearer(session.access_token) });
        expect(logout.statusCode).toBe(204);
        const after = await getUser(session.access_token);
        expect(after.statusCode).toBe(401);
        expect(after.json()).toMatchObject({ code: 401, error_code: 'session_not_found' });
        const api = await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(session.access_token) });
        expect(api.statusCode).toBe(401);
        expect(api.json()).toEqual({ code: 'session_not_found', message: 'Your session has ended. Please sign in again.' });
        expect((await refreshRequest(t.app, session.refresh_token)).statusCode).toBe(400);
      });
    });

    describe('refresh tokens', () => {
      it('rotates: a new refresh token each time, stored only as a hash', async () => {
        const session = await signUp(t.app);
        const first = await refreshRequest(t.app, session.refresh_token);
        expect(first.statusCode).toBe(200);
        const rotated = first.json();
        expect(rotated.refresh_token).not.toBe(session.refresh_token);
        expect(rotated.user.id).toBe(session.user.id);
        expect(claimsOf(rotated.access_token).session_id).toBe(claimsOf(session.access_token).session_id);
        const rows = await t.database.db.selectFrom('refresh_tokens').select('token_hash').execute();
        expect(rows.some((row) => row.token_hash === session.refresh_token || row.token_hash === rotated.refresh_token)).toBe(false);
        t.clock.advance(60_000);
        const second = await refreshRequest(t.app, rotated.refresh_token);
        expect(second.statusCode).toBe(200);
        expect(second.json().refresh_token).not.toBe(rotated.refresh_token);
      });

      /** Signs up, rotates the refresh token once, waits `waitMs` and presents the first token again. */
      async function presentFirstTokenAgainAfter(waitMs: number) {
        const session = await signUp(t.app);
        const rotated = (await refreshRequest(t.app, session.refresh_token)).json();
        t.clock.advance(waitMs);
        const again = await refreshRequest(t.app, session.refresh_token);
        return { session, rotated, again };
      }

      it('within 10 s the previous token returns the newest token pair of the session', async () => {
        const { session, rotated, again } = await presentFirstTokenAgainAfter(5_000);
        expect(again.statusCode).toBe(200);
        expect(again.json().refresh_token).toBe(rotated.refresh_token);
        // The newest token still works normally afterwards.
        const next = await refreshRequest(t.app, rotated.refresh_token);
        expect(next.statusCode).toBe(200);
        // And the first token, still inside its window, now leads to the newest one.
        const third = await refreshRequest(t.app, session.refresh_token);
        expect(third.json().refresh_token).toBe(next.json().refresh_token);
      });

      it('reuse after the grace window revokes the whole session', async () => {
        const { rotated, again: reuse } = await presentFirstTokenAgainAfter(10_001);
        expect(reuse.statusCode).toBe(400);
        expect(reuse.json()).toEqual({ code: 400, error_code: 'refresh_token_already_used', msg: 'Invalid Refresh Token: Already Used' });
        expect((await refreshRequest(t.app, rotated.refresh_token)).statusCode).toBe(400);
        expect((await getUser(rotated.access_token)).statusCode).toBe(401);
      });

      it('concurrent refreshes with one token all succeed with the same new token', async () => {
        const session = await signUp(t.app);
        const results = await Promise.all([1, 2, 3].map(() => refreshRequest(t.app, session.refresh_token)));
        expect(results.map((result) => result.statusCode)).toEqual([200, 200, 200]);
        expect(new Set(results.map((result) => result.json().refresh_token)).size).toBe(1);
      });

      it('an unknown refresh token gets 400 refresh_token_not_found', async () => {
        const response = await refreshRequest(t.app, 'x'.repeat(43));
        expect(response.statusCode).toBe(400);
        expect(response.json().error_code).toBe('refresh_token_not_found');
      });

      it('a session idle for 30 days ends', async () => {
        const session = await signUp(t.app);
        t.clock.advance(SESSION_IDLE_TIMEOUT_MS + 1000);
        const response = await refreshRequest(t.app, session.refresh_token);
        expect(response.statusCode).toBe(400);
        expect(response.json().error_code).toBe('session_expired');
      });

      it('a session ends after 90 days even when refreshed daily', async () => {
        let session = await signUp(t.app);
        let days = 0;
        for (; days < 100; days += 20) {
          t.clock.advance(20 * DAY);
          const response = await refreshRequest(t.app, session.refresh_token);
          if (response.statusCode !== 200) break;
          session = response.json();
        }
        expect(days).toBe(80); // refreshed on days 20, 40, 60, 80; refused on day 100
        expect(SESSION_MAX_LIFETIME_MS).toBe(90 * DAY);
      });
    });

    describe('logout scopes', () => {
      async function threeSessions() {
        const username = uniqueUsername('multi');
        const first = await signUp(t.app, username);
        const second = await signIn(t.app, username);
        const third = await signIn(t.app, username);
        return [first, second, third] as const;
      }
      const alive = async (token: string) => (await getUser(token)).statusCode === 200;

      it('local ends only this session', async () => {
        const [a, b, c] = await threeSessions();
        expect((await t.app.inject({ method: 'POST', url: '/auth/v1/logout?scope=local', headers: bearer(b.access_token) })).statusCode).toBe(204);
        expect([await alive(a.access_token), await alive(b.access_token), await alive(c.access_token)]).toEqual([true, false, true]);
      });

      it('others ends every session but this one', async () => {
        const [a, b, c] = await threeSessions();
        expect((await t.app.inject({ method: 'POST', url: '/auth/v1/logout?scope=others', headers: bearer(b.access_token) })).statusCode).toBe(204);
        expect([await alive(a.access_token), await alive(b.access_token), await alive(c.access_token)]).toEqual([false, true, false]);
        expect((await refreshRequest(t.app, a.refresh_token)).statusCode).toBe(400);
        expect((await refreshRequest(t.app, b.refresh_token)).statusCode).toBe(200);
      });

      it('global (the default) ends every session', async () => {
        const [a, b, c] = await threeSessions();
        expect((await t.app.inject({ method: 'POST', url: '/auth/v1/logout', headers: bearer(b.access_token) })).statusCode).toBe(204);
        expect([await alive(a.access_token), await alive(b.access_token), await alive(c.access_token)]).toEqual([false, false, false]);
      });

      it('any other scope is 400; no token is 401', async () => {
        const session = await signUp(t.app);
        const bad = await t.app.inject({ method: 'POST', url: '/auth/v1/logout?scope=everything', headers: bearer(session.access_token) });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().error_code).toBe('validation_failed');
        expect(await alive(session.access_token)).toBe(true);
        expect((await t.app.inject({ method: 'POST', url: '/auth/v1/logout' })).statusCode).toBe(401);
      });
    });

    describe('PUT /user', () => {
      it('changes the password with the current one; other sessions end, this one stays', async () => {
        const username = uniqueUsername('pw');
        const current = await signUp(t.app, username);
        const other = await signIn(t.app, username);
        const put = (payload: object) =>
          t.app.inject({ method: 'PUT', url: '/auth/v1/user', headers: bearer(current.access_token), payload });

        const missing = await put({ password: 'Brand-New-Pass1' });
        expect(missing.statusCode).toBe(400);
        expect(missing.json().error_code).toBe('current_password_required');
        const wrong = await put({ password: 'Brand-New-Pass1', current_password: 'Nope-Nope-123' });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().error_code).toBe('current_password_mismatch');
        const weak = await put({ password: 'weak', current_password: PASSWORD });
        expect(weak.statusCode).toBe(422);
        expect(weak.json()).toMatchObject({ error_code: 'weak_password', msg: passwordMessages.length });
        const common = await put({ password: 'Iloveyou2026', current_password: PASSWORD });
        expect(common.statusCode).toBe(422);
        expect(common.json()).toMatchObject({ error_code: 'weak_password', msg: GUESSABLE_PASSWORD_MESSAGE, weak_password: { reasons: ['pwned'] } });
        // Leaning on the username is guessing made easy.
        const ownName = await put({ password: `${username}Ab`, current_password: PASSWORD });
        expect(ownName.json().weak_password?.reasons).toEqual(['pwned']);

        const ok = await put({ password: 'Brand-New-Pass1', current_password: PASSWORD });
        expect(ok.statusCode).toBe(200);
        expect(ok.json().id).toBe(current.user.id);
        expect((await getUser(current.access_token)).statusCode).toBe(200);
        expect((await getUser(other.access_token)).statusCode).toBe(401);
        expect((await signInRequest(t.app, username, PASSWORD)).statusCode).toBe(400);
        expect((await signInRequest(t.app, username, 'Brand-New-Pass1')).statusCode).toBe(200);
      });

      it('renames through data.username, keeping the spec rules and uniqueness', async () => {
        const session = await signUp(t.app);
        const taken = uniqueUsername('taken');
        await signUp(t.app, taken);
        const put = (payload: object) =>
          t.app.inject({ method: 'PUT', url: '/auth/v1/user', headers: bearer(session.access_token), payload });
        expect((await put({ data: { username: 'x' } })).json()).toMatchObject({ code: 422, msg: usernameMessages.tooShort });
        expect((await put({ data: { username: taken } })).json()).toMatchObject({ code: 422, error_code: 'user_already_exists' });
        const renamed = uniqueUsername('Renamed');
        const ok = await put({ data: { username: renamed } });
        expect(ok.statusCode).toBe(200);
        expect(ok.json()).toMatchObject({ email: `${renamed.toLowerCase()}@users.ellis.invalid`, user_metadata: { username: renamed } });
        expect((await signInRequest(t.app, renamed)).statusCode).toBe(200);
      });
    });

    describe('errors under /auth/v1', () => {
      it('use the GoTrue shape, also for bad JSON and unknown paths', async () => {
        const badJson = await t.app.inject({
          method: 'POST',
          url: '/auth/v1/signup',
          headers: { 'content-type': 'application/json' },
          payload: '{"username":',
        });
        expect(badJson.statusCode).toBe(400);
        expect(badJson.json()).toMatchObject({ code: 400, error_code: 'invalid_json' });
        const unknown = await t.app.inject({ method: 'GET', url: '/auth/v1/nothing-here' });
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json()).toEqual({ code: 404, error_code: 'not_found', msg: 'Not found' });
      });

      it('an empty JSON body counts as {}', async () => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/auth/v1/token?grant_type=refresh_token',
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error_code).toBe('refresh_token_not_found');
      });
    });
  });
}

for (const target of testDatabaseTargets()) {
  describe(`session cleanup on ${target.dialect}`, () => {
    it('removes revoked, idle and expired sessions with their refresh tokens, and keeps live ones', async () => {
      const t = await startAccountsApp(target);
      try {
        const username = uniqueUsername('tidy');
        const revoked = await signUp(t.app, username);
        await t.app.inject({ method: 'POST', url: '/auth/v1/logout?scope=local', headers: bearer(revoked.access_token) });
        await signIn(t.app, username); // goes idle
        t.clock.advance(SESSION_IDLE_TIMEOUT_MS - 60_000);
        const live = await signIn(t.app, username);
        t.clock.advance(120_000);
        const sessions = new SessionService({
          repository: new AuthRepository(t.database.db),
          accessTokens: {} as AccessTokens,
          refreshChainKeys: [],
          now: t.clock.now,
          logger: t.app.log,
        });
        expect(await sessions.purgeEnded()).toBe(2);
        const liveSessionId = claimsOf(live.access_token).session_id;
        const left = await t.database.db.selectFrom('sessions').select('id').execute();
        expect(left.map((row) => row.id)).toEqual([liveSessionId]);
        const tokens = await t.database.db.selectFrom('refresh_tokens').select('session_id').execute();
        expect(new Set(tokens.map((row) => row.session_id))).toEqual(new Set([liveSessionId]));
        expect((await refreshRequest(t.app, live.refresh_token)).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    });
  });
}
