import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../db/testing/test-databases.ts';
import { passwordMessages } from '../../../shared/validation/account-rules.ts';
import { bearer, refreshRequest, signIn, signInRequest, signUp, startAccountsApp, uniqueUsername, type AccountsTestApp } from './testing/accounts-kit.ts';

const NEW_PASSWORD = 'Second-Chance-42';

for (const target of testDatabaseTargets()) {
  describe(`recovery code on ${target.dialect}`, () => {
    let t: AccountsTestApp;

    beforeAll(async () => {
      t = await startAccountsApp(target, { rateLimits: { recoveryPerUsername: { limit: 4, windowMs: 60 * 60 * 1000 } } });
    });
    afterAll(async () => {
      await t.close();
    });

    const recover = (payload: object, remoteAddress = '127.0.0.1') =>
      t.app.inject({ method: 'POST', url: '/auth/v1/recover-with-code', payload, remoteAddress });

    it('sets a new password, ends every session and hands out a fresh one-time code', async () => {
      const username = uniqueUsername('Lost');
      const first = await signUp(t.app, username);
      const second = await signIn(t.app, username);
      const response = await recover({ username: username.toLowerCase(), recovery_code: first.recovery_code, new_password: NEW_PASSWORD });
      expect(response.statusCode).toBe(200);
      const { recovery_code } = response.json();
      expect(recovery_code).toMatch(/^[A-Z2-7]{5}(-[A-Z2-7]{5}){3}$/);
      expect(recovery_code).not.toBe(first.recovery_code);

      for (const session of [first, second]) {
        expect((await t.app.inject({ method: 'GET', url: '/auth/v1/user', headers: bearer(session.access_token) })).statusCode).toBe(401);
        expect((await refreshRequest(t.app, session.refresh_token)).statusCode).toBe(400);
      }
      expect((await signInRequest(t.app, username)).statusCode).toBe(400);
      expect((await signInRequest(t.app, username, NEW_PASSWORD)).statusCode).toBe(200);

      // The old code is spent; the new one works, typed loosely.
      const reused = await recover({ username, recovery_code: first.recovery_code, new_password: 'Third-Try-Pass9' });
      expect(reused.statusCode).toBe(400);
      const loose = ` ${recovery_code.toLowerCase().replace(/-/g, ' ')} `;
      expect((await recover({ username, recovery_code: loose, new_password: 'Third-Try-Pass9' })).statusCode).toBe(200);
    });

    it('a wrong code and an unknown user get the same 400 invalid_credentials', async () => {
      const username = uniqueUsername();
      await signUp(t.app, username);
      const wrong = await recover({ username, recovery_code: 'AAAAA-BBBBB-CCCCC-DDDDD', new_password: NEW_PASSWORD });
      const unknown = await recover({ username: uniqueUsername('ghost'), recovery_code: 'AAAAA-BBBBB-CCCCC-DDDDD', new_password: NEW_PASSWORD });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid username or recovery code' });
      expect(unknown.body).toBe(wrong.body);
    });

    it('applies the password rules to the new password', async () => {
      const session = await signUp(t.app);
      const response = await recover({ username: session.user.user_metadata.username, recovery_code: session.recovery_code, new_password: 'short' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ error_code: 'weak_password', msg: passwordMessages.length });
      // The code was not used up by a refused password.
      expect(
        (await recover({ username: session.user.user_metadata.username, recovery_code: session.recovery_code, new_password: NEW_PASSWORD })).statusCode,
      ).toBe(200);
    });

    it('is rate limited per username, from any address', async () => {
      const username = uniqueUsername('target');
      await signUp(t.app, username);
      for (let attempt = 0; attempt < 4; attempt++) {
        const response = await recover({ username, recovery_code: 'WRONG-WRONG-WRONG-WRONG', new_password: NEW_PASSWORD }, `10.9.0.${attempt}`);
        expect(response.statusCode).toBe(400);
      }
      const limited = await recover({ username, recovery_code: 'WRONG-WRONG-WRONG-WRONG', new_password: NEW_PASSWORD }, '10.9.0.99');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toMatchObject({ code: 429, error_code: 'over_request_rate_limit' });
    });
  });
}
