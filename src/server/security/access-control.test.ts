// Access control (DESIGN §6): every signed-in route refuses an anonymous caller, a made-up
// token and an ended session with 401; every route whose path names a user's thing answers another
// user (and made-up ids) with 404 and leaves the owner's thing untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { testDatabaseTargets } from '../db/testing/test-databases.ts';
import { bearer } from '../modules/auth/testing/accounts-kit.ts';
import { exampleFor, type RouteExample } from './route-examples.ts';
import { encodeAny } from './bad-input.ts';
import { SecurityKit, pathParams, routeKey, type AppRoute } from './security-kit.ts';

const RUNS = Number(process.env.ACCESS_RUNS_PER_ROUTE ?? 25);

function withAuth(options: InjectOptions, authorization: string | null): InjectOptions {
  const headers = { ...(options.headers as Record<string, string> | undefined) };
  delete headers.authorization;
  if (authorization) headers.authorization = authorization;
  return { ...options, headers };
}

const madeUpToken = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)), minLength: 1, maxLength: 300 }),
  // Well-formed JWT shapes with forged or unsigned content.
  fc.tuple(fc.base64String({ minLength: 4, maxLength: 60 }), fc.base64String({ minLength: 4, maxLength: 200 })).map(
    ([header, payload]) => `${header.replace(/=/g, '')}.${payload.replace(/=/g, '')}.`,
  ),
  fc.constant(
    `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"00000000-0000-4000-8000-000000000000","role":"authenticated"}').toString('base64url')}.`,
  ),
);

const madeUpId = fc.oneof(fc.uuid(), fc.string({ minLength: 1, maxLength: 40 }).map(encodeAny), fc.constantFrom('0', '-1', 'null', '%00'));

for (const target of testDatabaseTargets()) {
  describe(`access-control matrix on ${target.dialect}`, () => {
    let kit: SecurityKit;
    const rows: string[] = [];

    beforeAll(async () => {
      kit = await SecurityKit.start(target);
    });
    afterAll(async () => {
      console.log(`access control on ${target.dialect}:\n${rows.join('\n')}`);
      await kit.close();
    });

    const signedIn = () =>
      kit.apiRoutes().flatMap((route) => {
        const example = exampleFor(route.method, route.url);
        return example && example.access === 'signed-in' ? [{ route, example }] : [];
      });

    async function ownerRequest(route: AppRoute, example: RouteExample) {
      const owner = await kit.newUser();
      const params = example.prepare ? await example.prepare(kit, owner) : {};
      return { owner, params, request: { ...example.request(params), method: route.method as InjectOptions['method'] } };
    }

    it('refuses anonymous callers, made-up tokens and ended sessions with 401 on every signed-in route', { timeout: 300_000 }, async () => {
      const routes = signedIn();
      expect(routes.length).toBeGreaterThan(10);
      const ended = await kit.newUser();
      const logout = await kit.inject({ method: 'POST', url: '/auth/v1/logout?scope=global', headers: bearer(ended.access_token), payload: {} });
      expect(logout.statusCode).toBe(204);
      for (const { route, example } of routes) {
        const { request } = await ownerRequest(route, example);
        const key = routeKey(route);
        expect(`${key} anonymous → ${(await kit.inject(withAuth(request, null))).statusCode}`).toBe(`${key} anonymous → 401`);
        expect(`${key} ended session → ${(await kit.inject(withAuth(request, `Bearer ${ended.access_token}`))).statusCode}`).toBe(
          `${key} ended session → 401`,
        );
        let tried = 0;
        await fc.assert(
          fc.asyncProperty(madeUpToken, async (token) => {
            tried += 1;
            const response = await kit.inject(withAuth(request, `Bearer ${token}`));
            expect(`${key} made-up token → ${response.statusCode}`).toBe(`${key} made-up token → 401`);
          }),
          { numRuns: RUNS },
        );
        rows.push(`  ${key.padEnd(45)} anonymous 401, ended session 401, ${tried} made-up tokens 401`);
      }
    });

    it("answers another user's ids and made-up ids with 404 and leaves the owner's things alone", { timeout: 300_000 }, async () => {
      const owned = signedIn().filter(({ example }) => example.ownedByCaller);
      expect(owned.map(({ route }) => routeKey(route))).toEqual(
        expect.arrayContaining(['GET /api/bookmarks/:id', 'PATCH /api/bookmarks/:id', 'DELETE /api/bookmarks/:id', 'DELETE /auth/v1/factors/:factorId']),
      );
      for (const { route, example } of owned) {
        const key = routeKey(route);
        const { owner, params, request } = await ownerRequest(route, example);
        const intruder = await kit.newUser();
        const intruded = await kit.inject(withAuth(request, `Bearer ${intruder.access_token}`));
        expect(`${key} other user → ${intruded.statusCode}`).toBe(`${key} other user → 404`);

        const names = pathParams(route.url);
        let tried = 0;
        await fc.assert(
          fc.asyncProperty(fc.array(madeUpId, { minLength: names.length, maxLength: names.length }), fc.boolean(), async (ids, asIntruder) => {
            tried += 1;
            let index = 0;
            const url = route.url.replace(/:([A-Za-z0-9_]+)/g, () => ids[index++]!);
            const caller = asIntruder ? intruder : owner;
            const response = await kit.inject({ ...withAuth(request, `Bearer ${caller.access_token}`), url });
            // A made-up id that happens to be empty, or a dot segment ("%2E" is "." to a URL parser, as in a
            // browser), can land on the list route (trailing slash); never on someone's thing.
            const landed = new URL(url, 'http://localhost').pathname;
            if (response.statusCode !== 404) expect(landed.endsWith('/') || response.statusCode === 400, `${key} ${url} → ${response.statusCode}`).toBe(true);
          }),
          { numRuns: RUNS },
        );

        // The owner's thing survived the attempts: the owner's own request still succeeds.
        const own = await kit.inject(withAuth(example.request(params) as InjectOptions, `Bearer ${owner.access_token}`));
        expect(`${key} owner → ${own.statusCode}`, own.body).toBe(`${key} owner → ${example.status}`);
        rows.push(`  ${key.padEnd(45)} other user 404, ${tried} made-up ids refused (404, or 400 for a malformed URL), owner still ${example.status}`);
      }
    });

    it("a public conversation opens only with its own token (DESIGN §5.2)", { timeout: 120_000 }, async () => {
      const anonymous = async () => {
        const response = await kit.inject({ method: 'POST', url: '/api/chat/session', payload: {} });
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body.conversation.kind).toBe('public');
        return { id: body.conversation.id as string, token: body.token as string };
      };
      const mine = await anonymous();
      const theirs = await anonymous();
      const signedIn = await kit.sharedUser();
      const calls = (id: string) => [
        { method: 'GET', url: `/api/chat/conversations/${id}/messages` },
        { method: 'POST', url: `/api/chat/conversations/${id}/messages`, payload: { content: 'hello' } },
        { method: 'DELETE', url: `/api/chat/conversations/${id}` },
      ] as InjectOptions[];
      for (const call of calls(mine.id)) {
        const what = `${call.method} ${call.url}`;
        expect(`${what} no token → ${(await kit.inject(call)).statusCode}`).toBe(`${what} no token → 401`);
        const other = await kit.inject({ ...call, headers: { 'x-conversation-token': theirs.token } });
        expect(`${what} another conversation's token → ${other.statusCode}`).toBe(`${what} another conversation's token → 404`);
        const user = await kit.inject({ ...call, headers: bearer(signedIn.access_token) });
        expect(`${what} a signed-in stranger → ${user.statusCode}`).toBe(`${what} a signed-in stranger → 404`);
        await fc.assert(
          fc.asyncProperty(madeUpToken, async (token) => {
            const response = await kit.inject({ ...call, headers: { 'x-conversation-token': token } });
            expect(`${what} made-up token → ${response.statusCode}`).toBe(`${what} made-up token → 404`);
          }),
          { numRuns: RUNS },
        );
      }
      // Adopting needs both: a signed-in caller (else 401) and the conversation's own token (else 404).
      const adopt = { method: 'POST', url: `/api/chat/conversations/${mine.id}/adopt`, payload: {} } as InjectOptions;
      const adoptWhat = `POST ${adopt.url}`;
      const anonymousAdopt = await kit.inject({ ...adopt, headers: { 'x-conversation-token': mine.token } });
      expect(`${adoptWhat} own token, not signed in → ${anonymousAdopt.statusCode}`).toBe(`${adoptWhat} own token, not signed in → 401`);
      const strangerAdopt = await kit.inject({ ...adopt, headers: bearer(signedIn.access_token) });
      expect(`${adoptWhat} signed in, no token → ${strangerAdopt.statusCode}`).toBe(`${adoptWhat} signed in, no token → 404`);
      const otherAdopt = await kit.inject({ ...adopt, headers: { ...bearer(signedIn.access_token), 'x-conversation-token': theirs.token } });
      expect(`${adoptWhat} another conversation's token → ${otherAdopt.statusCode}`).toBe(`${adoptWhat} another conversation's token → 404`);
      await fc.assert(
        fc.asyncProperty(madeUpToken, async (token) => {
          const response = await kit.inject({ ...adopt, headers: { ...bearer(signedIn.access_token), 'x-conversation-token': token } });
          expect(`${adoptWhat} made-up token → ${response.statusCode}`).toBe(`${adoptWhat} made-up token → 404`);
        }),
        { numRuns: RUNS },
      );
      // Its own token still opens it: nothing above changed or deleted it.
      const own = await kit.inject({ method: 'GET', url: `/api/chat/conversations/${mine.id}/messages`, headers: { 'x-conversation-token': mine.token } });
      expect(own.statusCode).toBe(200);
      rows.push(`  public conversations: no token 401; another conversation's token, a signed-in stranger and ${RUNS} made-up tokens 404 on 3 routes`);
      rows.push(`  adopting one: not signed in 401; signed in without its token, with another's or ${RUNS} made-up tokens 404`);
    });

    it("never lists another user's bookmarks", async () => {
      const owner = await kit.newUser();
      const other = await kit.newUser();
      const id = await kit.createBookmark(owner, 'Private place');
      const list = await kit.inject({ method: 'GET', url: '/api/bookmarks', headers: bearer(other.access_token) });
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain(id);
      const exported = await kit.inject({ method: 'GET', url: '/api/account/export', headers: bearer(other.access_token) });
      expect(exported.body).not.toContain(id);
    });
  });
}
