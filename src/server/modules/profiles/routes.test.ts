import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../db/testing/test-databases.ts';
import { usernameMessages } from '../../../shared/validation/account-rules.ts';
import { bearer, signUp, startAccountsApp, uniqueUsername, type AccountsTestApp } from '../auth/testing/accounts-kit.ts';

for (const target of testDatabaseTargets()) {
  describe(`profile and username API on ${target.dialect}`, () => {
    let t: AccountsTestApp;

    beforeAll(async () => {
      t = await startAccountsApp(target, { rateLimits: { usernameCheckPerIp: { limit: 8, windowMs: 60_000 } } });
    });
    afterAll(async () => {
      await t.close();
    });

    it('GET /api/profile returns the user_profiles row, no-store', async () => {
      const username = uniqueUsername('Profile');
      const session = await signUp(t.app, username);
      const response = await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(session.access_token) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({ id: session.user.id, username, created_at: expect.any(String) });
      expect((await t.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
    });

    it('GET /api/usernames/{name} is public and case-insensitive; bad names get the spec message; it is rate limited', async () => {
      const username = uniqueUsername('Avail');
      await signUp(t.app, username);
      const check = (name: string) => t.app.inject({ method: 'GET', url: `/api/usernames/${encodeURIComponent(name)}`, remoteAddress: '10.1.1.1' });
      expect((await check(username)).json()).toEqual({ available: false });
      expect((await check(username.toUpperCase())).json()).toEqual({ available: false });
      expect((await check(uniqueUsername('free'))).json()).toEqual({ available: true });
      const bad = await check('no spaces');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ code: 'invalid_username', message: usernameMessages.characters });
      expect((await check('ab')).json().message).toBe(usernameMessages.tooShort);
      for (let index = 0; index < 3; index++) await check(uniqueUsername());
      const limited = await check(uniqueUsername());
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe('60');
      expect(limited.json().code).toBe('over_request_rate_limit');
      // Another address is not affected.
      const elsewhere = await t.app.inject({ method: 'GET', url: `/api/usernames/${uniqueUsername()}`, remoteAddress: '10.1.1.2' });
      expect(elsewhere.statusCode).toBe(200);
      t.clock.advance(60_000);
      expect((await check(uniqueUsername())).statusCode).toBe(200);
    });
  });
}
