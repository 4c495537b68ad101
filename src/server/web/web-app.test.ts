import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeServiceLookup, sampleService } from '../assistant/testing/fake-service-lookup.ts';
import { loadConfig } from '../config/config.ts';
import { DIST_DIR } from '../test-support.ts';
import { toPublicConfig } from './page-renderer.ts';
import { registerWebApp } from './web-app.ts';

const built = existsSync(join(DIST_DIR, 'client', 'pages'));
if (!built) console.warn('web-app.test.ts skipped: the web app is not built (run npm run build)');

describe.skipIf(!built)('/resources rendered per request', () => {
  let app: FastifyInstance;
  const directory = createFakeServiceLookup(() => [
    sampleService({ alert: 'TEST FIXTURE: not for display to the public as current information.' }),
  ]);

  beforeAll(async () => {
    app = Fastify();
    await registerWebApp(app, { distDir: DIST_DIR, publicConfig: toPublicConfig(loadConfig({ NODE_ENV: 'test' }), { available: true }), directory });
  });
  afterAll(() => app.close());

  it('filters SPEC’s directory on the server: ?q=food&category=food', async () => {
    const response = await app.inject({ url: '/resources?q=food&category=food' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('value="food"');
    expect(response.body).toContain('Food Pantries');
    expect(response.body).not.toContain('Emergency Shelter');
  });

  it('shows the no-results text of SPEC §2 for a search that matches nothing', async () => {
    const response = await app.inject({ url: '/resources?q=zzzz' });
    expect(response.body).toContain('No resources found matching your search. Try different keywords or categories.');
  });

  it('renders services near a place, with their alert, phone link and directions', async () => {
    const response = await app.inject({ url: '/resources?near=Oakland&need=housing&open_now=true&tag=walk-in' });
    expect(response.statusCode).toBe(200);
    expect(directory.queries.at(-1)).toEqual({ near: 'Oakland', category: 'housing', openNow: true, tags: ['walk-in'], limit: 10 });
    expect(response.body).toContain('Sample Night Shelter');
    expect(response.body).toContain('TEST FIXTURE: not for display to the public as current information.');
    expect(response.body).toContain('href="tel:5105550100"');
    expect(response.body).toContain('https://www.google.com/maps/dir/?api=1&amp;destination=100%20Example%20St');
    expect(response.body).toContain('1 service found near Oakland.');
    expect(response.body).toContain('id="ellis-services"');
  });

  it('keeps the plain page prerendered and cacheable', async () => {
    const response = await app.inject({ url: '/resources' });
    expect(response.headers.etag).toBeDefined();
    expect(response.body).not.toContain('id="ellis-services"');
  });
});
