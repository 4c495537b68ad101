import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../db/testing/test-databases.ts';
import { hashRecoveryCode } from './recovery-codes.ts';
import { bearer, claimsOf, enrollTotp, refreshRequest, signIn, signUp, startAccountsApp, uniqueUsername, type AccountsTestApp, type TestSession } from './testing/accounts-kit.ts';

const HOUR = 60 * 60 * 1000;
const RECOVERY_CODE_FORMAT = /^[A-Z2-7]{5}(-[A-Z2-7]{5}){3}$/;

for (const target of testDatabaseTargets()) {
  describe(`recovery code at the two-step step on ${target.dialect}`, () => {
    let t: AccountsTestApp;

    beforeAll(async () => {
      t = await startAccountsApp(target, {
        rateLimits: {
          recoveryPerUsername: { limit: 4, windowMs: HOUR },
          recoveryPerIp: { limit: 8, windowMs: HOUR },
        },
      });
    });
    afterAll(async () => {
      await t.close();
    });

    // Each test uses its own address so the per-IP limit only counts where a test means it to.
    let address = 0;
    const nextAddress = () => `10.41.0.${++address}`;

    const recover = (token: string | null, payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/v1/factors/recover',
        headers: { ...(token ? bearer(token) : {}), ...headers },
        payload,
        remoteAddress,
      });

    /** A password reset with a recovery code (the signed-out way in), from a fresh address. */
    const resetWithCode = (username: string, recoveryCode: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/v1/recover-with-code',
        payload: { username, recovery_code: recoveryCode, new_password: 'Fresh-Start-2027' },
        remoteAddress: nextAddress(),
      });

    const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

    /** Signs up, turns on TOTP (aal2 session) and signs in again with the password only (aal1). */
    async function enrolledUserAtTheCodeStep() {
      const username = uniqueUsername('phone');
      const signedUp = await signUp(t.app, username);
      const { factor, verified } = await enrollTotp(t.app, bearer(signedUp.access_token), t.clock.now(), 'Phone');
      expect(verified.statusCode).toBe(200);
      const aal2: TestSession = verified.json();
      const aal1 = await signIn(t.app, username);
      expect(claimsOf(aal1.access_token).aal).toBe('aal1');
      expect((await get('/api/bookmarks', aal1.access_token)).statusCode).toBe(403);
      return { username, factorId: factor.id, recoveryCode: signedUp.recovery_code!, aal2, aal1 };
    }

    const factorRows = (userId: string) => t.database.db.selectFrom('mfa_factors').select('id').where('user_id', '=', userId).execute();
    const storedCodeHash = async (userId: string) =>
      (await t.database.db.selectFrom('users').select('recovery_code_hash').where('id', '=', userId).executeTakeFirstOrThrow()).recovery_code_hash;

    it('turns two-step verification off, keeps this session with a fresh token pair, ends the others and hands out a new code', async () => {
      const { username, factorId, recoveryCode, aal2, aal1 } = await enrolledUserAtTheCodeStep();
      const userId = aal1.user.id;
      const challenges = await t.database.db.selectFrom('mfa_challenges').select('id').where('factor_id', '=', factorId).execute();
      expect(challenges).toHaveLength(1);

      // Typed loosely, as a person copies it from paper.
      const response = await recover(aal1.access_token, { recovery_code: ` ${recoveryCode.toLowerCase().replace(/-/g, ' ')} ` }, nextAddress());
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_at', 'expires_in', 'recovery_code', 'refresh_token', 'token_type', 'user']);
      expect(body).toMatchObject({ token_type: 'bearer', expires_in: 600, user: { id: userId, factors: [] } });
      expect(body.recovery_code).toMatch(RECOVERY_CODE_FORMAT);
      expect(body.recovery_code).not.toBe(recoveryCode);
      expect(claimsOf(body.access_token)).toMatchObject({ aal: 'aal1', session_id: claimsOf(aal1.access_token).session_id });

      // The factor and its challenges are gone; only the new code's hash is stored.
      expect(await factorRows(userId)).toEqual([]);
      expect(await t.database.db.selectFrom('mfa_challenges').select('id').where('factor_id', '=', factorId).execute()).toEqual([]);
      expect(await storedCodeHash(userId)).toBe(hashRecoveryCode(body.recovery_code));

      // This session now reaches everything, with the new token and with the one it had.
      expect((await get('/api/bookmarks', body.access_token)).statusCode).toBe(200);
      expect((await get('/api/bookmarks', aal1.access_token)).statusCode).toBe(200);
      const refreshed = await refreshRequest(t.app, body.refresh_token);
      expect(refreshed.statusCode).toBe(200);
      expect(claimsOf(refreshed.json().access_token).aal).toBe('aal1');

      // Every other session has ended, the aal2 one included.
      expect((await get('/auth/v1/user', aal2.access_token)).statusCode).toBe(401);
      expect((await get('/api/bookmarks', aal2.access_token)).statusCode).toBe(401);
      expect((await refreshRequest(t.app, aal2.refresh_token)).statusCode).toBe(400);

      // The next password sign-in is complete on its own.
      const next = await signIn(t.app, username);
      expect(next.user.factors).toEqual([]);
      expect((await get('/api/bookmarks', next.access_token)).statusCode).toBe(200);
    });

    it('the old code no longer works anywhere; the new one does', async () => {
      const { username, recoveryCode, aal1 } = await enrolledUserAtTheCodeStep();
      const first = await recover(aal1.access_token, { recovery_code: recoveryCode }, nextAddress());
      expect(first.statusCode).toBe(200);
      const newCode: string = first.json().recovery_code;

      const again = await recover(first.json().access_token, { recovery_code: recoveryCode }, nextAddress());
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid recovery code' });
      const reset = await resetWithCode(username, recoveryCode);
      expect(reset.statusCode).toBe(400);

      const withNew = await resetWithCode(username, newCode);
      expect(withNew.statusCode).toBe(200);
    });

    it('a wrong code is 400 and changes nothing', async () => {
      const { recoveryCode, aal2, aal1 } = await enrolledUserAtTheCodeStep();
      const userId = aal1.user.id;
      const factorsBefore = await factorRows(userId);
      const hashBefore = await storedCodeHash(userId);

      const wrong = await recover(aal1.access_token, { recovery_code: 'AAAAA-BBBBB-CCCCC-DDDDD' }, nextAddress());
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid recovery code' });
      expect(wrong.headers['set-cookie']).toBeUndefined();

      expect(await factorRows(userId)).toEqual(factorsBefore);
      expect(factorsBefore).toHaveLength(1);
      expect(await storedCodeHash(userId)).toBe(hashBefore);
      expect((await get('/api/bookmarks', aal1.access_token)).statusCode).toBe(403);
      expect((await get('/api/bookmarks', aal2.access_token)).statusCode).toBe(200);
      expect((await refreshRequest(t.app, aal1.refresh_token)).statusCode).toBe(200);

      const empty = await recover(aal1.access_token, { recovery_code: '  ' }, nextAddress());
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ code: 400, error_code: 'validation_failed', msg: 'Enter your recovery code' });

      // The right code still works after the refusals.
      expect((await recover(aal1.access_token, { recovery_code: recoveryCode }, nextAddress())).statusCode).toBe(200);
    });

    it("someone else's code does not work", async () => {
      const { aal1 } = await enrolledUserAtTheCodeStep();
      const other = await signUp(t.app);
      const response = await recover(aal1.access_token, { recovery_code: other.recovery_code }, nextAddress());
      expect(response.statusCode).toBe(400);
      expect(await factorRows(aal1.user.id)).toHaveLength(1);
    });

    it('needs a live session: no bearer, a made-up one or an ended one is 401', async () => {
      const { recoveryCode, aal1 } = await enrolledUserAtTheCodeStep();
      const none = await recover(null, { recovery_code: recoveryCode }, nextAddress());
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ code: 401, error_code: 'no_authorization', msg: 'Sign in to continue.' });
      expect((await recover('not-a-token', { recovery_code: recoveryCode }, nextAddress())).statusCode).toBe(401);

      const logout = await t.app.inject({ method: 'POST', url: '/auth/v1/logout?scope=local', headers: bearer(aal1.access_token) });
      expect(logout.statusCode).toBe(204);
      expect((await recover(aal1.access_token, { recovery_code: recoveryCode }, nextAddress())).statusCode).toBe(401);
      expect(await factorRows(aal1.user.id)).toHaveLength(1);
    });

    it('the web client gets the refresh token as a cookie, not in the body', async () => {
      const { recoveryCode, aal1 } = await enrolledUserAtTheCodeStep();
      const response = await recover(aal1.access_token, { recovery_code: recoveryCode }, nextAddress(), { 'x-client-info': 'ellis-web' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.refresh_token).toBeUndefined();
      expect(body.recovery_code).toMatch(RECOVERY_CODE_FORMAT);
      const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
      expect(cookies.some((cookie) => cookie.startsWith('ellis_refresh_token=') && /HttpOnly/i.test(cookie))).toBe(true);
    });

    it('is rate limited per user, from any address, and shares that budget with /recover-with-code', async () => {
      const { username, recoveryCode, aal1 } = await enrolledUserAtTheCodeStep();
      const wrongReset = await resetWithCode(username, 'WRONG-WRONG-WRONG-WRONG');
      expect(wrongReset.statusCode).toBe(400);
      for (let attempt = 0; attempt < 3; attempt++) {
        expect((await recover(aal1.access_token, { recovery_code: 'WRONG-WRONG-WRONG-WRONG' }, nextAddress())).statusCode).toBe(400);
      }
      // Even the right code waits: the limit counts tries.
      const limited = await recover(aal1.access_token, { recovery_code: recoveryCode }, nextAddress());
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toMatchObject({ code: 429, error_code: 'over_request_rate_limit' });
      expect(await factorRows(aal1.user.id)).toHaveLength(1);

      t.clock.advance(HOUR);
      // The access token has expired meanwhile; the session has not.
      const refreshed = await refreshRequest(t.app, aal1.refresh_token);
      expect(refreshed.statusCode).toBe(200);
      expect((await recover(refreshed.json().access_token, { recovery_code: recoveryCode }, nextAddress())).statusCode).toBe(200);
    });

    it('is rate limited per address, across users', async () => {
      const remoteAddress = nextAddress();
      const users = [];
      for (let count = 0; count < 4; count++) users.push(await enrolledUserAtTheCodeStep());
      for (let attempt = 0; attempt < 8; attempt++) {
        const { aal1 } = users[attempt % users.length]!;
        expect((await recover(aal1.access_token, { recovery_code: 'WRONG-WRONG-WRONG-WRONG' }, remoteAddress)).statusCode).toBe(400);
      }
      const limited = await recover(users[0]!.aal1.access_token, { recovery_code: users[0]!.recoveryCode }, remoteAddress);
      expect(limited.statusCode).toBe(429);
      expect((await recover(users[0]!.aal1.access_token, { recovery_code: users[0]!.recoveryCode }, nextAddress())).statusCode).toBe(200);
    });
  });
}
