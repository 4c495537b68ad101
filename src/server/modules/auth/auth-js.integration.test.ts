/**
 * A client written for the hosted auth service works unchanged. This drives
 * @supabase/auth-js (from npm) against Ellis listening on a real port, on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthClient } from '@supabase/auth-js';
import { Secret, TOTP } from 'otpauth';
import { testDatabaseTargets } from '../../db/testing/test-databases.ts';
import { PASSWORD, claimsOf, startAccountsApp, uniqueUsername, type AccountsTestApp } from './testing/accounts-kit.ts';

const EMAIL_DOMAIN = 'users.ellis.invalid';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

for (const target of testDatabaseTargets()) {
  describe(`@supabase/auth-js against Ellis on ${target.dialect}`, () => {
    let t: AccountsTestApp;
    let url: string;

    beforeAll(async () => {
      // auth-js compares expiry with the real clock, so this suite runs on real time (plus any advance).
      t = await startAccountsApp(target, { realTime: true });
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      url = `${address}/auth/v1`;
    });
    afterAll(async () => {
      await t.close();
    });

    function newClient() {
      return new AuthClient({ url, autoRefreshToken: false, persistSession: false, storage: memoryStorage(), detectSessionInUrl: false });
    }

    async function signedUpClient() {      const username = uniqueUsername('Authjs');
      const client = newClient();
      const { data, error } = await client.signUp({ email: `${username.toLowerCase()}@${EMAIL_DOMAIN}`, password: PASSWORD, options: { data: { username } } });
      expect(error).toBeNull();
      return { client, username, session: data.session!, user: data.user! };
    }

    it('signUp, signInWithPassword, getUser and refreshSession', async () => {
      const { username, session, user } = await signedUpClient();
      expect(user.user_metadata.username).toBe(username);
      expect(user.email).toBe(`${username.toLowerCase()}@${EMAIL_DOMAIN}`);
      expect(session.access_token).toBeTruthy();
      expect(session.refresh_token).toBeTruthy();

      const client = newClient();
      const signedIn = await client.signInWithPassword({ email: `${username.toLowerCase()}@${EMAIL_DOMAIN}`, password: PASSWORD });
      expect(signedIn.error).toBeNull();
      expect(signedIn.data.user?.id).toBe(user.id);
      expect(signedIn.data.session?.expires_in).toBe(600);

      const fetched = await client.getUser();
      expect(fetched.error).toBeNull();
      expect(fetched.data.user).toMatchObject({ id: user.id, aud: 'authenticated', role: 'authenticated' });

      const before = signedIn.data.session!;
      const refreshed = await client.refreshSession();
      expect(refreshed.error).toBeNull();
      expect(refreshed.data.session?.refresh_token).not.toBe(before.refresh_token);
      expect(refreshed.data.user?.id).toBe(user.id);
      expect((await client.getSession()).data.session?.refresh_token).toBe(refreshed.data.session?.refresh_token);

      const claims = await client.getClaims();
      expect(claims.error).toBeNull();
      expect(claims.data?.claims).toMatchObject({ sub: user.id, aal: 'aal1', role: 'authenticated' });
    });

    it('wrong password is an AuthApiError with code invalid_credentials', async () => {
      const { username } = await signedUpClient();
      const result = await newClient().signInWithPassword({ email: `${username.toLowerCase()}@${EMAIL_DOMAIN}`, password: 'Wrong-Password-9' });
      expect(result.error?.message).toBe('Invalid login credentials');
      expect(result.error?.status).toBe(400);
      expect(result.error?.code).toBe('invalid_credentials');
    });

    it('signUp with a weak password is an AuthWeakPasswordError with reasons', async () => {
      const result = await newClient().signUp({ email: `${uniqueUsername().toLowerCase()}@${EMAIL_DOMAIN}`, password: 'weak' });
      expect(result.error?.name).toBe('AuthWeakPasswordError');
      expect((result.error as unknown as { reasons: string[] }).reasons).toContain('length');
    });

    it('signOut with scope local, others and global', async () => {
      const { username } = await signedUpClient();
      const email = `${username.toLowerCase()}@${EMAIL_DOMAIN}`;
      const devices = [newClient(), newClient(), newClient()];
      for (const device of devices) {
          expect((await device.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
      }
      const tokens = await Promise.all(devices.map(async (device) => (await device.getSession()).data.session!.access_token));
      const alive = async (token: string) => (await newClient().getUser(token)).error === null;

      expect((await devices[0]!.signOut({ scope: 'local' })).error).toBeNull();
      expect((await devices[0]!.getSession()).data.session).toBeNull();
      expect([await alive(tokens[0]!), await alive(tokens[1]!), await alive(tokens[2]!)]).toEqual([false, true, true]);

      expect((await devices[1]!.signOut({ scope: 'others' })).error).toBeNull();
      expect((await devices[1]!.getSession()).data.session).not.toBeNull();
      expect([await alive(tokens[1]!), await alive(tokens[2]!)]).toEqual([true, false]);

      // A revoked session's token reads as "signed out" to auth-js.
      const revoked = await newClient().getUser(tokens[2]!);
      expect(revoked.error?.name).toBe('AuthSessionMissingError');

      expect((await devices[1]!.signOut({ scope: 'global' })).error).toBeNull();
      expect((await devices[1]!.getSession()).data.session).toBeNull();
      expect(await alive(tokens[1]!)).toBe(false);
    });

    it('mfa.enroll, challenge, verify (aal2), listFactors, assurance level and unenroll', async () => {
      const { client } = await signedUpClient();
      const enrolled = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'My phone' });
      expect(enrolled.error).toBeNull();
      const factor = enrolled.data!;
      expect(factor.type).toBe('totp');
      if (factor.type !== 'totp') throw new Error('expected a TOTP factor');
      expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
      expect(factor.friendly_name).toBe('My phone');

      const challenge = await client.mfa.challenge({ factorId: factor.id });
      expect(challenge.error).toBeNull();
      const code = TOTP.generate({ secret: Secret.fromBase32(factor.totp.secret), timestamp: t.clock.now() });
      const verified = await client.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code });
      expect(verified.error).toBeNull();
      expect(claimsOf(verified.data!.access_token).aal).toBe('aal2');

      const level = await client.mfa.getAuthenticatorAssuranceLevel();
      expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
      expect(level.data?.currentAuthenticationMethods.map((entry) => (typeof entry === 'string' ? entry : entry.method))).toEqual(['totp', 'password']);

      const factors = await client.mfa.listFactors();
      expect(factors.error).toBeNull();
      expect(factors.data?.totp.map((item) => item.id)).toEqual([factor.id]);

      // A second device signs in with the password only: aal1, with aal2 as the next level.
      const other = newClient();
      const email = (await client.getUser()).data.user!.email!;
      expect((await other.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
      const otherLevel = await other.mfa.getAuthenticatorAssuranceLevel();
      expect(otherLevel.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
      // The first code is spent; the server's clock moves on to the next 30 s step.
      t.clock.advance(30_000);
      const nextCode = TOTP.generate({ secret: Secret.fromBase32(factor.totp.secret), timestamp: t.clock.now() });
      const upgraded = await other.mfa.challengeAndVerify({ factorId: factor.id, code: nextCode });
      expect(upgraded.error).toBeNull();
      expect((await other.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');

      const removed = await client.mfa.unenroll({ factorId: factor.id });
      expect(removed.error).toBeNull();
      expect(removed.data).toEqual({ id: factor.id });
      await client.refreshSession();
      expect((await client.mfa.listFactors()).data?.all).toEqual([]);
      expect((await client.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal1');
    }, 60_000);

    it('JWKS has the key that signed the access token (alg ES256, the one auth-js verifies locally)', async () => {
      const { session } = await signedUpClient();
      const response = await fetch(`${url}/.well-known/jwks.json`);
      const { keys } = (await response.json()) as { keys: Array<{ kid: string; alg: string }> };
      const kid = JSON.parse(Buffer.from(session.access_token.split('.')[0]!, 'base64url').toString()).kid;
      expect(keys.find((key) => key.kid === kid)?.alg).toBe('ES256');
    });
  });
}
