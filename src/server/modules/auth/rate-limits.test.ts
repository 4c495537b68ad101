import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../db/testing/test-databases.ts';
import { PASSWORD, signUp, startAccountsApp, uniqueUsername, type AccountsTestApp } from './testing/accounts-kit.ts';
import { KNOWN_DEVICE_COOKIE_NAME } from './known-devices.ts';

const MINUTE = 60_000;

for (const target of testDatabaseTargets()) {
  describe(`auth rate limits on ${target.dialect}`, () => {
    let t: AccountsTestApp;

    beforeAll(async () => {
      t = await startAccountsApp(target, {
        rateLimits: {
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

    const deviceCookieOf = (response: Awaited<ReturnType<typeof signIn>>) => {
      const cookie = response.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE_NAME);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth/v1' });
      return cookie!.value;
    };
    const signInWithDevice = (username: string, remoteAddress: string, deviceCookie: string, password = PASSWORD) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        payload: { username, password },
        cookies: { [KNOWN_DEVICE_COOKIE_NAME]: deviceCookie },
        remoteAddress,
      });

    it('sign-in: failures slow an account down with a growing, truthful wait; the right password is never locked out', async () => {
      const username = uniqueUsername('guessed');
      await signUp(t.app, username);
      // Successful sign-ins do not count.
      for (let attempt = 0; attempt < 12; attempt++) expect((await signIn(username, '10.0.1.200')).statusCode).toBe(200);
      for (let attempt = 0; attempt < 6; attempt++) {
        expect((await signIn(username, `10.0.1.${attempt}`, 'Wrong-Guess-123')).statusCode).toBe(400);
      }
      expect429(await signIn(username, '10.0.1.50'), 2);
      t.clock.advance(2_000);
      expect((await signIn(username, '10.0.1.51', 'Wrong-Guess-123')).statusCode).toBe(400);
      expect429(await signIn(username, '10.0.1.52'), 4);
      t.clock.advance(3_999);
      expect429(await signIn(username, '10.0.1.53'), 1);
      t.clock.advance(1);
      expect((await signIn(username.toUpperCase(), '10.0.1.54')).statusCode).toBe(200);
    });

    it("sign-in: the owner's known device signs in during an attack on the account", async () => {
      const username = uniqueUsername('victim');
      await signUp(t.app, username);
      const first = await signIn(username, '10.0.6.1');
      expect(first.statusCode).toBe(200);
      const deviceCookie = deviceCookieOf(first);

      // Thirty guesses from thirty addresses: the account's budget is spent and its wait grows.
      const statuses = [];
      for (let attempt = 0; attempt < 30; attempt++) {
        statuses.push((await signIn(username, `10.0.7.${attempt}`, `Guess-Number-${attempt}`)).statusCode);
        t.clock.advance(1_000);
      }
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(15);
      const stranger = await signIn(username, '10.0.7.99');
      expect(stranger.statusCode).toBe(429);

      // The owner's phone, on another network, is not slowed down by any of that.
      const owner = await signInWithDevice(username, '10.0.6.2', deviceCookie);
      expect(owner.statusCode).toBe(200);
      expect(deviceCookieOf(owner).split('.')[1]).toBe(deviceCookie.split('.')[1]);
      // A cookie for another account, or a forged one, is no key.
      const other = uniqueUsername('other');
      await signUp(t.app, other);
      expect((await signInWithDevice(other, '10.0.6.3', deviceCookie, 'Wrong-Guess-123')).statusCode).toBe(400);
      const [userPart, devicePart, signature] = deviceCookie.split('.') as [string, string, string];
      const forged = `${userPart}.${devicePart}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
      expect((await signInWithDevice(username, '10.0.7.98', forged)).statusCode).toBe(429);

      // Retry-After tells a new device exactly when it may try: then the right password works.
      t.clock.advance(Number(stranger.headers['retry-after']) * 1000);
      expect((await signIn(username, '10.0.7.97')).statusCode).toBe(200);
    });

    it('sign-in: thirty people at one shelter sign in within ten minutes, a few after a typo', async () => {
      const shelter = '10.0.8.1';
      const people = [];
      for (let person = 0; person < 30; person++) {
        const username = uniqueUsername('resident');
        const created = await t.app.inject({ method: 'POST', url: '/auth/v1/signup', payload: { username, password: PASSWORD }, remoteAddress: `10.0.9.${person}` });
        expect(created.statusCode).toBe(200);
        people.push(username);
      }
      for (const [index, username] of people.entries()) {
        if (index % 4 === 0) expect((await signIn(username, shelter, 'Mistyped-Pass-1')).statusCode).toBe(400);
        expect((await signIn(username, shelter)).statusCode).toBe(200);
        t.clock.advance(19_000);
      }
    });

    it('sign-in: a spray of 50 usernames from one address is stopped before 20 tries, and told truly when to come back', async () => {
      const sprayer = '10.0.10.1';
      const responses = [];
      for (let attempt = 0; attempt < 50; attempt++) {
        responses.push(await signIn(uniqueUsername('sprayed'), sprayer, 'Welcome2026now'));
        t.clock.advance(1_000);
      }
      const tried = responses.filter((response) => response.statusCode === 400).length;
      expect(tried).toBeLessThan(20);
      expect(tried).toBe(10);
      expect(responses.slice(tried).every((response) => response.statusCode === 429)).toBe(true);
      const last = responses.at(-1)!;
      expect429(last, 15 * 60 - 49);
      // Someone else on another network is not affected.
      expect((await signIn(uniqueUsername('elsewhere'), '10.0.10.2', 'Welcome2026now')).statusCode).toBe(400);
      t.clock.advance(Number(last.headers['retry-after']) * 1000);
      expect((await signIn(uniqueUsername('sprayed'), sprayer, 'Welcome2026now')).statusCode).toBe(400);
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
