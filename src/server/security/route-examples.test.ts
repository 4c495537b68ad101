import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../db/testing/test-databases.ts';
import { ROUTE_EXAMPLES, exampleFor, prepareExample } from './route-examples.ts';
import { SecurityKit, routeKey } from './security-kit.ts';

for (const target of testDatabaseTargets()) {
  describe(`the route table on ${target.dialect}`, () => {
    let kit: SecurityKit;

    beforeAll(async () => {
      kit = await SecurityKit.start(target);
    });
    afterAll(async () => {
      await kit.close();
    });

    it('has an example for every API route the app registers, and none for routes that are gone', () => {
      const routes = kit.apiRoutes();
      console.log(`${routes.length} API routes: ${routes.map(routeKey).join(', ')}`);
      expect(routes.length).toBeGreaterThan(20);
      const missing = routes.filter((route) => !exampleFor(route.method, route.url)).map(routeKey);
      expect(missing, 'add these routes to src/server/security/route-examples.ts').toEqual([]);
      const known = new Set(routes.map(routeKey));
      expect(Object.keys(ROUTE_EXAMPLES).filter((key) => !known.has(key))).toEqual([]);
    });

    it('every example is a valid request that succeeds', async () => {
      for (const route of kit.apiRoutes()) {
        const example = exampleFor(route.method, route.url)!;
        const { request } = await prepareExample(kit, route.method, example);
        const response = await kit.inject(request);
        expect(`${routeKey(route)} → ${response.statusCode} ${response.statusCode === example.status ? '' : response.body}`).toBe(
          `${routeKey(route)} → ${example.status} `,
        );
      }
    });
  });
}
