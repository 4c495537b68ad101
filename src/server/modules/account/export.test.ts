import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../db/testing/test-databases.ts';
import { newId } from '../../db/ids.ts';
import { bearer, signUp, startAccountsApp, type AccountsTestApp } from '../auth/testing/accounts-kit.ts';

for (const target of testDatabaseTargets()) {
  describe(`GET /api/account/export on ${target.dialect}`, () => {
    let t: AccountsTestApp;

    beforeAll(async () => {
      t = await startAccountsApp(target);
    });
    afterAll(async () => {
      await t.close();
    });

    async function addConversation(userId: string, texts: Array<['user' | 'ai', string]>): Promise<string> {
      const id = newId(t.clock.now());
      await t.database.db
        .insertInto('conversations')
        .values({ id, user_profile_id: userId, provider_chat_id: null, created_at: new Date(t.clock.now()).toISOString() })
        .execute();
      for (const [sender, content] of texts) {
        t.clock.advance(1_000);
        const at = new Date(t.clock.now()).toISOString();
        await t.database.db
          .insertInto('messages')
          .values({ id: newId(t.clock.now()), conversation_id: id, sender, content, created_at: at, updated_at: at })
          .execute();
      }
      return id;
    }

    it('hands the signed-in person their account, bookmarks and conversations, and nothing secret', async () => {
      const owner = await signUp(t.app);
      const neighbour = await signUp(t.app);
      const headers = bearer(owner.access_token);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/bookmarks',
        headers,
        payload: { title: 'Food bank', url: 'https://example.org/food', description: 'Tuesdays' },
      });
      expect(created.statusCode).toBe(201);
      await t.app.inject({ method: 'POST', url: '/api/bookmarks', headers: bearer(neighbour.access_token), payload: { title: 'Not mine' } });
      const conversationId = await addConversation(owner.user.id, [
        ['ai', 'Hi, I am Ellis.'],
        ['user', 'I need a bed tonight'],
      ]);
      await addConversation(neighbour.user.id, [['user', 'someone else']]);

      const response = await t.app.inject({ method: 'GET', url: '/api/account/export', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const exported = response.json();
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="ellis-my-data-${exported.exported_at.slice(0, 10)}.json"`,
      );
      expect(exported).toEqual({
        format: 'ellis-account-export',
        version: 1,
        exported_at: new Date(t.clock.now()).toISOString(),
        account: {
          id: owner.user.id,
          username: owner.user.user_metadata.username,
          created_at: expect.any(String),
          two_step_verification: [],
        },
        bookmarks: [created.json()],
        conversations: [
          {
            id: conversationId,
            created_at: expect.any(String),
            messages: [
              { id: expect.any(String), sender: 'ai', content: 'Hi, I am Ellis.', created_at: expect.any(String) },
              { id: expect.any(String), sender: 'user', content: 'I need a bed tonight', created_at: expect.any(String) },
            ],
          },
        ],
      });
      const text = response.body;
      for (const secret of [owner.access_token, owner.refresh_token, 'password_hash', 'token_hash', 'secret']) {
        expect(text).not.toContain(secret);
      }
    });

    it('refuses callers without a session', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/account/export' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'no_authorization', message: 'Sign in to continue.' });
    });
  });
}
