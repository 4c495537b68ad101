import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../db/testing/test-databases.ts';
import { newId } from '../../db/ids.ts';
import { PASSWORD, bearer, enrollTotp, refreshRequest, signIn, signInRequest, signUp, startAccountsApp, uniqueUsername, type AccountsTestApp } from '../auth/testing/accounts-kit.ts';

for (const target of testDatabaseTargets()) {
  describe(`DELETE /api/account on ${target.dialect}`, () => {
    let t: AccountsTestApp;

    beforeAll(async () => {
      t = await startAccountsApp(target);
    });
    afterAll(async () => {
      await t.close();
    });

    async function rowsOf(userId: string, sessionIds: string[], factorIds: string[], conversationId: string) {
      const { db } = t.database;
      const counts = await Promise.all([
        db.selectFrom('users').select('id').where('id', '=', userId).execute(),
        db.selectFrom('user_profiles').select('id').where('id', '=', userId).execute(),
        db.selectFrom('bookmarks').select('id').where('user_id', '=', userId).execute(),
        db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute(),
        db.selectFrom('refresh_tokens').select('id').where('session_id', 'in', sessionIds).execute(),
        db.selectFrom('mfa_factors').select('id').where('user_id', '=', userId).execute(),
        db.selectFrom('mfa_challenges').select('id').where('factor_id', 'in', factorIds).execute(),
        db.selectFrom('conversations').select('id').where('user_profile_id', '=', userId).execute(),
        db.selectFrom('messages').select('id').where('conversation_id', '=', conversationId).execute(),
      ]);
      return counts.map((rows) => rows.length);
    }

    it('needs the password, then removes the user and every row that belongs to them', async () => {
      const username = uniqueUsername('leaving');
      const session = await signUp(t.app, username);
      const other = await signIn(t.app, username);
      const neighbour = await signUp(t.app);
      const headers = bearer(session.access_token);
      await t.app.inject({ method: 'POST', url: '/api/bookmarks', headers, payload: { title: 'One' } });
      await t.app.inject({ method: 'POST', url: '/api/bookmarks', headers, payload: { title: 'Two' } });
      await t.app.inject({ method: 'POST', url: '/api/bookmarks', headers: bearer(neighbour.access_token), payload: { title: 'Stays' } });
      const { factor, verified } = await enrollTotp(t.app, headers, t.clock.now());
      const aal2 = verified.json();
      // Chat rows are written directly: the chat module is not part of this suite.
      const conversationId = newId();
      const at = new Date(t.clock.now()).toISOString();
      await t.database.db
        .insertInto('conversations')
        .values({ id: conversationId, user_profile_id: session.user.id, provider_chat_id: null, created_at: at })
        .execute();
      await t.database.db
        .insertInto('messages')
        .values({ id: newId(), conversation_id: conversationId, sender: 'user', content: 'hello', created_at: at, updated_at: at })
        .execute();
      const sessionIds = (await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', session.user.id).execute()).map(
        (row) => row.id,
      );
      expect(await rowsOf(session.user.id, sessionIds, [factor.id], conversationId)).toEqual([1, 1, 2, 2, 3, 1, 1, 1, 1]);

      const wrong = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: bearer(aal2.access_token), payload: { password: 'Not-It-12345' } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ code: 'invalid_credentials', message: 'Incorrect password' });
      const missing = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: bearer(aal2.access_token), payload: {} });
      expect(missing.statusCode).toBe(400);

      const response = await t.app.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: { ...bearer(aal2.access_token), 'x-client-info': 'ellis-web' },
        payload: { password: PASSWORD },
      });
      expect(response.statusCode).toBe(204);
      expect(String(response.headers['set-cookie'])).toMatch(/ellis_refresh_token=;.*Path=\/auth\/v1/);
      expect(await rowsOf(session.user.id, sessionIds, [factor.id], conversationId)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);

      expect((await t.app.inject({ method: 'GET', url: '/auth/v1/user', headers: bearer(other.access_token) })).statusCode).toBe(401);
      expect((await refreshRequest(t.app, other.refresh_token)).statusCode).toBe(400);
      expect((await signInRequest(t.app, username)).statusCode).toBe(400);
      const neighbours = await t.app.inject({ method: 'GET', url: '/api/bookmarks', headers: bearer(neighbour.access_token) });
      expect(neighbours.json()).toHaveLength(1);
      // The username is free again.
      expect((await t.app.inject({ method: 'GET', url: `/api/usernames/${username}` })).json()).toEqual({ available: true });
    });
  });
}
