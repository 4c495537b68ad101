// Bad input: generated bodies, query strings, headers and path parameters against every API
// route the app registers (DESIGN §5, §6): never a 5xx, never a stack trace or internal path in a body,
// input never copied into a log line, and the route still answers a normal request right after.
// FUZZ_RUNS_PER_ROUTE (default 120) sets how many inputs each route gets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { testDatabaseTargets } from '../db/testing/test-databases.ts';
import { INPUT_MARKER_PREFIX, badRequest, toInjectOptions } from './bad-input.ts';
import { exampleFor, prepareExample } from './route-examples.ts';
import { LEAKED_INTERNALS, SecurityKit, pathParams, routeKey } from './security-kit.ts';

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 120);

for (const target of testDatabaseTargets()) {
  describe(`bad input on every route, ${target.dialect}`, () => {
    let kit: SecurityKit;
    const tried = new Map<string, { count: number; byClass: Record<string, number> }>();

    beforeAll(async () => {
      kit = await SecurityKit.start(target, { captureLogs: true });
    });
    afterAll(async () => {
      const total = [...tried.values()].reduce((sum, { count }) => sum + count, 0);
      console.log(
        `bad input on ${target.dialect}: ${total} inputs over ${tried.size} routes\n` +
          [...tried]
            .map(([route, { count, byClass }]) => {
              const classes = Object.entries(byClass).map(([status, n]) => `${status} ${n}`).join(', ');
              return `  ${String(count).padStart(5)}  ${route.padEnd(45)} (${classes})`;
            })
            .join('\n'),
      );
      await kit.close();
    });

    it('covers every API route the app registers', () => {
      expect(kit.apiRoutes().length).toBeGreaterThan(20);
    });

    it('never answers 5xx, never leaks internals, then serves a normal request', { timeout: 600_000 }, async () => {
      for (const route of kit.apiRoutes()) {
        const key = routeKey(route);
        const params = pathParams(route.url);
        let count = 0;
        const byClass: Record<string, number> = {};
        await fc.assert(
          fc.asyncProperty(badRequest(params.length), async (input) => {
            const token = input.headers.validBearer ? (await kit.sharedUser()).access_token : null;
            const options = toInjectOptions(route.method, route.url, input, token);
            const response = await kit.inject(options);
            count += 1;
            const statusClass = `${String(response.statusCode)[0]}xx`;
            byClass[statusClass] = (byClass[statusClass] ?? 0) + 1;
            const what = `${key} answered ${response.statusCode} to ${options.method} ${String(options.url).slice(0, 200)}`;
            expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
            expect(response.body, what).not.toMatch(LEAKED_INTERNALS);
          }),
          { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        );
        tried.set(key, { count, byClass });

        // Nothing polluted, and the route still works for a normal caller.
        expect(({} as Record<string, unknown>).polluted, key).toBeUndefined();
        expect(({} as Record<string, unknown>).isAdmin, key).toBeUndefined();
        const health = await kit.inject({ method: 'GET', url: '/healthz' });
        expect(health.statusCode).toBe(200);
        const example = exampleFor(route.method, route.url)!;
        const { request } = await prepareExample(kit, route.method, example);
        const normal = await kit.inject(request);
        expect(`${key} → ${normal.statusCode}`, normal.body.slice(0, 300)).toBe(`${key} → ${example.status}`);
      }
    });

    it('copied none of the generated input into a log line', () => {
      expect(kit.logLines.length).toBeGreaterThan(0);
      const leaking = kit.logLines.filter((line) => line.includes(INPUT_MARKER_PREFIX));
      expect(leaking.slice(0, 3)).toEqual([]);
    });
  });
}
