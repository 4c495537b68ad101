import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { testDatabaseTargets } from '../../db/testing/test-databases.ts';
import { bearer, claimsOf, refreshRequest, signIn, signUp, startAccountsApp, uniqueUsername, type AccountsTestApp, type TestSession } from '../auth/testing/accounts-kit.ts';
import { MFA_CHALLENGE_TTL_MS, MFA_MAX_ATTEMPTS_PER_CHALLENGE } from '../auth/constants.ts';

interface Enrollment {
  id: string;
  type: string;
  friendly_name: string;
  totp: { qr_code: string; secret: string; uri: string };
}

for (const target of testDatabaseTargets()) {
  describe(`TOTP second factor on ${target.dialect}`, () => {
    let t: AccountsTestApp;

    beforeAll(async () => {
      t = await startAccountsApp(target);
    });
    afterAll(async () => {
      await t.close();
    });

    const codeAt = (secret: string, timestamp = t.clock.now()) =>
      TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });

    async function enroll(session: TestSession, headers: Record<string, string> = {}, friendlyName = 'Phone') {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/factors',
        headers: { ...bearer(session.access_token), ...headers },
        payload: { factor_type: 'totp', friendly_name: friendlyName },
      });
      return response;
    }

    async function challenge(token: string, factorId: string) {
      const response = await t.app.inject({ method: 'POST', url: `/auth/v1/factors/${factorId}/challenge`, headers: bearer(token), payload: {} });
      expect(response.statusCode).toBe(200);
      return response.json() as { id: string; type: string; expires_at: number };
    }

    function verify(token: string, factorId: string, challengeId: string, code: string) {
      return t.app.inject({
        method: 'POST',
        url: `/auth/v1/factors/${factorId}/verify`,
        headers: bearer(token),
        payload: { challenge_id: challengeId, code },
      });
    }

    /** Signs up, enrolls and verifies a factor; returns the aal2 session and the secret. */
    async function userWithVerifiedFactor() {
      const username = uniqueUsername('mfa');
      const session = await signUp(t.app, username);
      const factor: Enrollment = (await enroll(session)).json();
      const { id: challengeId } = await challenge(session.access_token, factor.id);
      const verified = await verify(session.access_token, factor.id, challengeId, codeAt(factor.totp.secret));
      expect(verified.statusCode).toBe(200);
      // The next code must come from a later time step.
      t.clock.advance(30_000);
      return { username, factor, session: verified.json() as TestSession };
    }

    it('enrolls an unverified TOTP factor with a QR code, secret and otpauth URI; the secret is encrypted at rest', async () => {
      const session = await signUp(t.app);
      const response = await enroll(session);
      expect(response.statusCode).toBe(200);
      const factor: Enrollment = response.json();
      expect(factor).toMatchObject({ type: 'totp', friendly_name: 'Phone' });
      expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\/Ellis:.+\?.*secret=/);
      expect(factor.totp.qr_code).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

      const user = (await t.app.inject({ method: 'GET', url: '/auth/v1/user', headers: bearer(session.access_token) })).json();
      expect(user.factors).toEqual([
        expect.objectContaining({ id: factor.id, factor_type: 'totp', status: 'unverified', friendly_name: 'Phone' }),
      ]);
      const row = await t.database.db.selectFrom('mfa_factors').selectAll().where('id', '=', factor.id).executeTakeFirstOrThrow();
      expect(row.secret_encrypted).not.toContain(factor.totp.secret);
      expect(row.secret_encrypted).toMatch(/^v1\./);
    });

    it('gives the web client the QR code as a data URL', async () => {
      const session = await signUp(t.app);
      const response = await enroll(session, { 'x-client-info': 'ellis-web' });
      expect(response.json().totp.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    });

    it('refuses factor types other than TOTP', async () => {
      const session = await signUp(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/factors',
        headers: bearer(session.access_token),
        payload: { factor_type: 'phone', phone: '+14155550123' },
      });
      expect(response.statusCode).toBe(422);
    });

    it('the first valid code verifies the factor and upgrades the session to aal2', async () => {
      const session = await signUp(t.app);
      const factor: Enrollment = (await enroll(session)).json();
      const { id: challengeId, type, expires_at } = await challenge(session.access_token, factor.id);
      expect(type).toBe('totp');
      expect(expires_at).toBe(Math.floor((t.clock.now() + MFA_CHALLENGE_TTL_MS) / 1000));
      const response = await verify(session.access_token, factor.id, challengeId, codeAt(factor.totp.secret));
      expect(response.statusCode).toBe(200);
      const upgraded = response.json();
      expect(upgraded).toMatchObject({ token_type: 'bearer', expires_in: 600 });
      expect(upgraded.refresh_token).toBeTruthy();
      expect(upgraded.user.factors).toEqual([expect.objectContaining({ id: factor.id, status: 'verified' })]);
      const claims = claimsOf(upgraded.access_token);
      expect(claims.aal).toBe('aal2');
      expect(claims.session_id).toBe(claimsOf(session.access_token).session_id);
      expect(claims.amr).toEqual([
        { method: 'totp', timestamp: Math.floor(t.clock.now() / 1000) },
        { method: 'password', timestamp: expect.any(Number) },
      ]);
      // Refreshing keeps aal2.
      const refreshed = await refreshRequest(t.app, upgraded.refresh_token);
      expect(claimsOf(refreshed.json().access_token).aal).toBe('aal2');
    });

    it('a code works once, even on a new challenge', async () => {
      const session = await signUp(t.app);
      const factor: Enrollment = (await enroll(session)).json();
      const code = codeAt(factor.totp.secret);
      const first = await challenge(session.access_token, factor.id);
      expect((await verify(session.access_token, factor.id, first.id, code)).statusCode).toBe(200);
      const second = await challenge(session.access_token, factor.id);
      const reused = await verify(session.access_token, factor.id, second.id, code);
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toEqual({ code: 422, error_code: 'mfa_verification_failed', msg: 'Invalid TOTP code entered' });
      // A code of the previous time step (inside the drift window) is refused too: it is older than the used one.
      const older = await verify(session.access_token, factor.id, second.id, codeAt(factor.totp.secret, t.clock.now() - 30_000));
      expect(older.statusCode).toBe(422);
      t.clock.advance(30_000);
      expect((await verify(session.access_token, factor.id, second.id, codeAt(factor.totp.secret))).statusCode).toBe(200);
    });

    it('allows 5 tries per challenge; the 6th is refused even with the right code', async () => {
      const session = await signUp(t.app);
      const factor: Enrollment = (await enroll(session)).json();
      const { id } = await challenge(session.access_token, factor.id);
      const right = codeAt(factor.totp.secret);
      const wrong = right === '000000' ? '111111' : '000000';
      for (let attempt = 0; attempt < MFA_MAX_ATTEMPTS_PER_CHALLENGE; attempt++) {
        expect((await verify(session.access_token, factor.id, id, wrong)).statusCode).toBe(422);
      }
      const sixth = await verify(session.access_token, factor.id, id, right);
      expect(sixth.statusCode).toBe(400);
      expect(sixth.json().error_code).toBe('mfa_challenge_expired');
      const fresh = await challenge(session.access_token, factor.id);
      expect((await verify(session.access_token, factor.id, fresh.id, right)).statusCode).toBe(200);
    });

    it('a challenge expires after 5 minutes', async () => {
      const session = await signUp(t.app);
      const factor: Enrollment = (await enroll(session)).json();
      const { id } = await challenge(session.access_token, factor.id);
      t.clock.advance(MFA_CHALLENGE_TTL_MS);
      const late = await verify(session.access_token, factor.id, id, codeAt(factor.totp.secret));
      expect(late.statusCode).toBe(400);
      expect(late.json().error_code).toBe('mfa_challenge_expired');
    });

    it('a verified challenge cannot be used again', async () => {
      const session = await signUp(t.app);
      const factor: Enrollment = (await enroll(session)).json();
      const { id } = await challenge(session.access_token, factor.id);
      expect((await verify(session.access_token, factor.id, id, codeAt(factor.totp.secret))).statusCode).toBe(200);
      t.clock.advance(30_000);
      const again = await verify(session.access_token, factor.id, id, codeAt(factor.totp.secret));
      expect(again.statusCode).toBe(400);
    });

    it('a password sign-in of an enrolled user is aal1 and reaches only /user, the factors and logout', async () => {
      const { username, factor } = await userWithVerifiedFactor();
      const aal1 = await signIn(t.app, username);
      expect(claimsOf(aal1.access_token).aal).toBe('aal1');
      expect(aal1.user.factors).toEqual([expect.objectContaining({ id: factor.id, status: 'verified' })]);
      const headers = bearer(aal1.access_token);

      expect((await t.app.inject({ method: 'GET', url: '/auth/v1/user', headers })).statusCode).toBe(200);
      for (const [method, url] of [
        ['GET', '/api/profile'],
        ['GET', '/api/bookmarks'],
        ['POST', '/api/bookmarks'],
        ['DELETE', '/api/account'],
      ] as const) {
        const response = await t.app.inject({ method, url, headers, payload: { title: 'x', password: 'x' } });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json()).toMatchObject({ code: 'insufficient_aal' });
      }
      const put = await t.app.inject({ method: 'PUT', url: '/auth/v1/user', headers, payload: { data: { username: 'other_name' } } });
      expect(put.statusCode).toBe(403);
      expect(put.json()).toMatchObject({ code: 403, error_code: 'insufficient_aal' });
      // Enrolling another factor or removing this one needs aal2 too.
      expect((await enroll(aal1, {}, 'Second')).statusCode).toBe(403);
      const unenroll = await t.app.inject({ method: 'DELETE', url: `/auth/v1/factors/${factor.id}`, headers });
      expect(unenroll.statusCode).toBe(403);

      const { id } = await challenge(aal1.access_token, factor.id);
      const verified = await verify(aal1.access_token, factor.id, id, codeAt(factor.totp.secret));
      expect(verified.statusCode).toBe(200);
      const aal2 = verified.json();
      expect((await t.app.inject({ method: 'GET', url: '/api/bookmarks', headers: bearer(aal2.access_token) })).statusCode).toBe(200);
      // The aal1 access token itself now belongs to an aal2 session: the session row decides.
      expect((await t.app.inject({ method: 'GET', url: '/api/bookmarks', headers })).statusCode).toBe(200);
    });

    it('logout works for an aal1 session', async () => {
      const { username } = await userWithVerifiedFactor();
      const aal1 = await signIn(t.app, username);
      const response = await t.app.inject({ method: 'POST', url: '/auth/v1/logout?scope=local', headers: bearer(aal1.access_token) });
      expect(response.statusCode).toBe(204);
    });

    it('unenrolling the factor (aal2) drops sessions to aal1 and later sign-ins have full access', async () => {
      const { username, factor, session } = await userWithVerifiedFactor();
      const response = await t.app.inject({ method: 'DELETE', url: `/auth/v1/factors/${factor.id}`, headers: bearer(session.access_token) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: factor.id });
      const refreshed = (await refreshRequest(t.app, session.refresh_token)).json();
      expect(claimsOf(refreshed.access_token).aal).toBe('aal1');
      const again = await signIn(t.app, username);
      expect(again.user.factors).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: '/api/bookmarks', headers: bearer(again.access_token) })).statusCode).toBe(200);
    });

    it("another user's factor is 404 for challenge, verify and unenroll; a non-UUID id too", async () => {
      const owner = await signUp(t.app);
      const factor: Enrollment = (await enroll(owner)).json();
      const stranger = await signUp(t.app);
      const headers = bearer(stranger.access_token);
      for (const [method, url] of [
        ['POST', `/auth/v1/factors/${factor.id}/challenge`],
        ['POST', `/auth/v1/factors/${factor.id}/verify`],
        ['DELETE', `/auth/v1/factors/${factor.id}`],
        ['POST', '/auth/v1/factors/not-a-uuid/challenge'],
      ] as const) {
        const response = await t.app.inject({ method, url, headers, payload: {} });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().error_code).toBe('mfa_factor_not_found');
      }
    });

    it('a challenge id of another factor or not a UUID is 404', async () => {
      const session = await signUp(t.app);
      const factor: Enrollment = (await enroll(session)).json();
      const bad = await verify(session.access_token, factor.id, 'nope', '123456');
      expect(bad.statusCode).toBe(404);
      const other = await signUp(t.app);
      const otherFactor: Enrollment = (await enroll(other)).json();
      const otherChallenge = await challenge(other.access_token, otherFactor.id);
      const crossed = await verify(session.access_token, factor.id, otherChallenge.id, codeAt(factor.totp.secret));
      expect(crossed.statusCode).toBe(404);
    });

    it('a new enrollment replaces an abandoned unverified one', async () => {
      const session = await signUp(t.app);
      const first: Enrollment = (await enroll(session)).json();
      const second: Enrollment = (await enroll(session)).json();
      const user = (await t.app.inject({ method: 'GET', url: '/auth/v1/user', headers: bearer(session.access_token) })).json();
      expect(user.factors.map((factor: { id: string }) => factor.id)).toEqual([second.id]);
      expect(first.id).not.toBe(second.id);
    });
  });
}
