import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { testDatabaseTargets } from '../../db/testing/test-databases.ts';
import { MAX_BOOKMARKS_PER_USER } from './service.ts';
import { INVALID_URL_MESSAGE } from '../../../shared/validation/bookmark-rules.ts';
import type { Bookmark } from '../../../shared/bookmarks-api.ts';
import { bearer, signUp, startAccountsApp, type AccountsTestApp, type TestSession } from '../auth/testing/accounts-kit.ts';

for (const target of testDatabaseTargets()) {
  describe(`bookmarks API on ${target.dialect}`, () => {
    let t: AccountsTestApp;
    let alice: TestSession;
    let bob: TestSession;

    beforeAll(async () => {
      t = await startAccountsApp(target);
      alice = await signUp(t.app);
      bob = await signUp(t.app);
    });
    afterAll(async () => {
      await t.close();
    });

    const request = (session: TestSession, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(session.access_token), ...(payload ? { payload } : {}) });

    async function create(session: TestSession, payload: object): Promise<Bookmark> {
      const response = await request(session, 'POST', '/api/bookmarks', payload);
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    }

    it('needs a bearer token', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/bookmarks' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'no_authorization', message: 'Sign in to continue.' });
    });

    it('creates a bookmark: trimmed, https:// added, empty fields stored as null', async () => {
      const bookmark = await create(alice, { title: '  Food bank  ', url: ' sffoodbank.org ', description: '   ' });
      expect(bookmark).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        title: 'Food bank',
        url: 'https://sffoodbank.org',
        description: null,
        created_at: new Date(t.clock.now()).toISOString(),
      });
      const withoutUrl = await create(alice, { title: 'Call back Tuesday', url: '' });
      expect(withoutUrl.url).toBeNull();
      const http = await create(alice, { title: 'Shelter', url: 'http://example.org/beds', description: ' Open at 6pm ' });
      expect(http).toMatchObject({ url: 'http://example.org/beds', description: 'Open at 6pm' });
    });

    it.each([
      [{ title: '   ' }, 'Title is required'],
      [{}, 'Title is required'],
      [{ title: 'x', url: 'javascript:alert(1)' }, INVALID_URL_MESSAGE],
      [{ title: 'x', url: 'data:text/html,hi' }, INVALID_URL_MESSAGE],
      [{ title: 'x', url: 'ftp://example.org' }, INVALID_URL_MESSAGE],
      [{ title: 'x', url: 'not a url' }, INVALID_URL_MESSAGE],
    ])('refuses %j with 400 invalid_bookmark and the exact message', async (payload, message) => {
      const response = await request(alice, 'POST', '/api/bookmarks', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'invalid_bookmark', message });
    });

    it('a title with a NUL character is a client error on every database, never a 500', async () => {
      const response = await request(alice, 'POST', '/api/bookmarks', { title: 'a\u0000b' });
      expect(response.statusCode, response.body).toBeLessThan(500);
    });

    it('ignores id and user_id in the body', async () => {
      const forcedId = '01900000-0000-7000-8000-000000000000';
      const bookmark = await create(alice, { title: 'Mine', id: forcedId, user_id: bob.user.id, created_at: '2000-01-01T00:00:00.000Z' });
      expect(bookmark.id).not.toBe(forcedId);
      expect(bookmark.created_at).not.toBe('2000-01-01T00:00:00.000Z');
      const bobs: Bookmark[] = (await request(bob, 'GET', '/api/bookmarks')).json();
      expect(bobs.some((item) => item.id === bookmark.id)).toBe(false);
      const row = await t.database.db.selectFrom('bookmarks').select('user_id').where('id', '=', bookmark.id).executeTakeFirstOrThrow();
      expect(row.user_id).toBe(alice.user.id);
    });

    it('lists only the caller’s bookmarks, newest first, with no-store', async () => {
      const carol = await signUp(t.app);
      const first = await create(carol, { title: 'first' });
      t.clock.advance(1000);
      const second = await create(carol, { title: 'second' });
      const third = await create(carol, { title: 'third (same millisecond)' });
      await create(bob, { title: 'not carol’s' });
      const response = await request(carol, 'GET', '/api/bookmarks');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect((response.json() as Bookmark[]).map((bookmark) => bookmark.id)).toEqual([third.id, second.id, first.id]);
    });

    it('updates title, url and description; fields left out keep their value', async () => {
      const bookmark = await create(alice, { title: 'Clinic', url: 'clinic.example.org', description: 'Walk-in' });
      const patched = await request(alice, 'PATCH', `/api/bookmarks/${bookmark.id}`, { title: ' Free clinic ', url: '' });
      expect(patched.statusCode).toBe(200);
      expect(patched.json()).toEqual({ ...bookmark, title: 'Free clinic', url: null });
      const invalid = await request(alice, 'PATCH', `/api/bookmarks/${bookmark.id}`, { url: 'javascript:void(0)' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toEqual({ code: 'invalid_bookmark', message: INVALID_URL_MESSAGE });
      const blank = await request(alice, 'PATCH', `/api/bookmarks/${bookmark.id}`, { title: '' });
      expect(blank.json()).toEqual({ code: 'invalid_bookmark', message: 'Title is required' });
    });

    it('deletes with 204; deleting again is 404', async () => {
      const bookmark = await create(alice, { title: 'Temporary' });
      const response = await request(alice, 'DELETE', `/api/bookmarks/${bookmark.id}`);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await request(alice, 'DELETE', `/api/bookmarks/${bookmark.id}`)).statusCode).toBe(404);
    });

    it("cross-user matrix: another user's bookmark is 404 on read, update and delete and never changes", async () => {
      const bookmark = await create(alice, { title: 'Alice only', url: 'alice.example.org' });
      expect((await request(alice, 'GET', `/api/bookmarks/${bookmark.id}`)).json()).toEqual(bookmark);
      expect((await request(bob, 'GET', `/api/bookmarks/${bookmark.id}`)).statusCode).toBe(404);
      const update = await request(bob, 'PATCH', `/api/bookmarks/${bookmark.id}`, { title: 'hijacked' });
      expect(update.statusCode).toBe(404);
      expect(update.json()).toEqual({ code: 'bookmark_not_found', message: 'Bookmark not found.' });
      expect((await request(bob, 'DELETE', `/api/bookmarks/${bookmark.id}`)).statusCode).toBe(404);
      const bobsList: Bookmark[] = (await request(bob, 'GET', '/api/bookmarks')).json();
      expect(bobsList.map((item) => item.id)).not.toContain(bookmark.id);
      const alicesList: Bookmark[] = (await request(alice, 'GET', '/api/bookmarks')).json();
      expect(alicesList.find((item) => item.id === bookmark.id)).toEqual(bookmark);
    });

    it('a non-UUID or unknown id is 404, never 500', async () => {
      for (const id of ['not-a-uuid', '1', "'; drop table bookmarks; --", '01900000-0000-7000-8000-000000000000']) {
        const path = `/api/bookmarks/${encodeURIComponent(id)}`;
        expect((await request(alice, 'GET', path)).statusCode).toBe(404);
        expect((await request(alice, 'PATCH', path, { title: 'x' })).statusCode).toBe(404);
        expect((await request(alice, 'DELETE', path)).statusCode).toBe(404);
      }
    });

    it('a non-object body is a validation error, not a crash', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/bookmarks',
        headers: { ...bearer(alice.access_token), 'content-type': 'application/json' },
        payload: '["title"]',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_bookmark');
    });

    it('keeps at most 1,000 bookmarks per user, refused with a clear 409; deleting one makes room', async () => {
      const carol = await signUp(t.app);
      const base = Date.parse('2026-01-01T00:00:00.000Z');
      // Half share one timestamp, so paging must order by id too.
      const rows = Array.from({ length: MAX_BOOKMARKS_PER_USER - 1 }, (_, index) => ({
        id: randomUUID(),
        user_id: carol.user.id,
        title: `Saved ${index}`,
        url: null,
        description: null,
        created_at: new Date(index % 2 === 0 ? base : base + index * 1000).toISOString(),
      }));
      for (let offset = 0; offset < rows.length; offset += 200) {
        await t.database.db.insertInto('bookmarks').values(rows.slice(offset, offset + 200)).execute();
      }
      const last = await create(carol, { title: 'Number one thousand' });
      const refused = await request(carol, 'POST', '/api/bookmarks', { title: 'One too many' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'bookmark_limit_reached',
        message: 'You can keep up to 1,000 bookmarks. Delete some to add new ones.',
      });
      const stored = await t.database.db.selectFrom('bookmarks').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', carol.user.id).executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(MAX_BOOKMARKS_PER_USER);
      expect((await request(carol, 'DELETE', `/api/bookmarks/${last.id}`)).statusCode).toBe(204);
      expect((await request(carol, 'POST', '/api/bookmarks', { title: 'Room again' })).statusCode).toBe(201);

      // The whole list without parameters (DESIGN §5.2), the same rows page by page with them.
      const all: Bookmark[] = (await request(carol, 'GET', '/api/bookmarks')).json();
      expect(all).toHaveLength(MAX_BOOKMARKS_PER_USER);
      const paged: Bookmark[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url: string = `/api/bookmarks?limit=100${cursor ? `&cursor=${cursor}` : ''}`;
        const response = await request(carol, 'GET', url);
        expect(response.statusCode).toBe(200);
        const page: { items: Bookmark[]; next_cursor: string | null } = response.json();
        expect(page.items.length).toBeLessThanOrEqual(100);
        paged.push(...page.items);
        cursor = page.next_cursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(10);
      expect(paged.map((item) => item.id)).toEqual(all.map((item) => item.id));
      expect((await request(carol, 'GET', '/api/bookmarks?limit=5')).json().items).toHaveLength(5);
    });

    it('refuses a bad page size or cursor with 400 invalid_page', async () => {
      for (const query of ['limit=0', 'limit=101', 'limit=abc', 'limit=1.5', 'cursor=nonsense', `cursor=${Buffer.from('["x","y"]').toString('base64url')}`]) {
        const response = await request(alice, 'GET', `/api/bookmarks?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().code, query).toBe('invalid_page');
      }
      // Another user's cursor only positions: it shows nothing of theirs.
      const page = (await request(bob, 'GET', '/api/bookmarks?limit=100')).json();
      expect(page.items.every((item: Bookmark) => item.title !== 'Number one thousand')).toBe(true);
    });
  });
}
