import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../db/test-databases.ts';
import { PASSWORD, signUp, startAccountsApp, uniqueUsername, type AccountsTestApp } from './test-kit.ts';

const MINUTE = 60_000;

for (const target of testDatabaseTargets()) {
  describe(`auth rate limits on ${target.dialect}`, () => {
    let t: AccountsTestApp;

    beforeAll(async () => {
      t = await startAccountsApp(target, {
        rateLimits: {
          signInPerIp: { limit: 6, windowMs: 15 * MINUTE },
          signInPerUsername: { limit: 3, windowMs: 15 * MINUTE },
          signUpPerIp: { limit: 4, windowMs: 60 * MINUTE },
          signUpPerUsername: { limit: 2, windowMs: 15 * MINUTE },
          refreshPerIp: { limit: 3, windowMs: 15 * MINUTE },
          refreshPerUser: { limit: 100, windowMs: 15 * MINUTE },
        },
      });
    });
    afterAll(async () => {
      await t.close();
    });

    const signIn = (username: string, remoteAddress: string, password = PASSWORD) =>
      t.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { username, password }, remoteAddress });

    function expect429(response: Awaited<ReturnType<typeof signIn>>, retryAfterSeconds: number) {
      expect(response.statusCode).toBe(429);
      expect(response.headers['retry-after']).toBe(String(retryAfterSeconds));
      expect(response.json()).toEqual({
        code: 429,
        error_code: 'over_request_rate_limit',
        msg: 'Too many attempts. Please wait a moment and try again.',
      });
    }

    it('sign-in: per username across addresses, then free again after the window', async () => {
      const username = uniqueUsername('guessed');
      await signUp(t.app, username);
      for (let attempt = 0; attempt < 3; attempt++) {
        expect((await signIn(username, `10.0.1.${attempt}`, 'Wrong-Guess-123')).statusCode).toBe(400);
      }
      t.clock.advance(5 * MINUTE);
      // Even the right password waits: the limit counts attempts.
      expect429(await signIn(username.toUpperCase(), '10.0.1.50'), 10 * 60);
      t.clock.advance(10 * MINUTE);
      expect((await signIn(username, '10.0.1.51')).statusCode).toBe(200);
    });

    it('sign-in: per IP across usernames', async () => {
      for (let attempt = 0; attempt < 6; attempt++) {
        expect((await signIn(uniqueUsername('spray'), '10.0.2.1')).statusCode).toBe(400);
      }
      expect429(await signIn(uniqueUsername('spray'), '10.0.2.1'), 15 * 60);
      expect((await signIn(uniqueUsername('spray'), '10.0.2.2')).statusCode).toBe(400);
    });

    it('sign-up: per username and per IP', async () => {
      const signUpAt = (username: string, remoteAddress: string, password = 'weak') =>
        t.app.inject({ method: 'POST', url: '/auth/v1/signup', payload: { username, password }, remoteAddress });
      const username = uniqueUsername('wanted');
      expect((await signUpAt(username, '10.0.3.1')).statusCode).toBe(422);
      expect((await signUpAt(username, '10.0.3.2')).statusCode).toBe(422);
      expect429(await signUpAt(username, '10.0.3.3', PASSWORD), 15 * 60);
      for (let attempt = 0; attempt < 4; attempt++) {
        expect((await signUpAt(uniqueUsername('bulk'), '10.0.3.9')).statusCode).toBe(422);
      }
      expect429(await signUpAt(uniqueUsername('bulk'), '10.0.3.9', PASSWORD), 60 * 60);
    });

    it('refresh: per IP', async () => {
      const refresh = (token: string) =>
        t.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=refresh_token', payload: { refresh_token: token }, remoteAddress: '10.0.4.1' });
      for (let attempt = 0; attempt < 3; attempt++) expect((await refresh(`unknown-${attempt}`)).statusCode).toBe(400);
      expect((await refresh('unknown-4')).statusCode).toBe(429);
    });

    it('refresh: calls without a token (signed-out page loads behind one address) are not counted', async () => {
      const remoteAddress = '10.0.5.1';
      const session = await signUp(t.app);
      // Far more signed-out page loads from the shelter's one address than the per-IP limit of 3.
      for (let attempt = 0; attempt < 20; attempt++) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/auth/v1/token?grant_type=refresh_token',
          headers: { 'x-client-info': 'ellis-web' },
          remoteAddress,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error_code).toBe('refresh_token_not_found');
      }
      // Someone signed in at the same address still refreshes, again and again.
      let refreshToken = session.refresh_token;
      for (let attempt = 0; attempt < 5; attempt++) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/auth/v1/token?grant_type=refresh_token',
          payload: { refresh_token: refreshToken },
          remoteAddress,
        });
        expect(response.statusCode).toBe(200);
        refreshToken = response.json().refresh_token;
      }
      // Made-up tokens from that address are still limited.
      const guess = (n: number) =>
        t.app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=refresh_token', payload: { refresh_token: `guess-${n}` }, remoteAddress });
      for (let attempt = 0; attempt < 3; attempt++) expect((await guess(attempt)).statusCode).toBe(400);
      expect((await guess(9)).statusCode).toBe(429);
    });
  });
}
