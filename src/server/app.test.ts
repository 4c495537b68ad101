import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './testing/test-app.ts';
import { testAppForSuite } from './testing/suite-app.ts';
import { BODY_LIMIT_BYTES } from './app.ts';
import type { Database } from './db/database.ts';
import { localizedPagePaths, pageRoutes } from '../web/app/route-table.ts';
import { splitLocalePath } from '../shared/locales.ts';

const PAGE_PATHS = pageRoutes.map((route) => route.path);

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['permissions-policy']).toContain('microphone=(self)');
}

describe('server with the built web app', () => {
  const suite = testAppForSuite({ withWebApp: true });

  it.each(PAGE_PATHS)('serves %s as server-rendered HTML with security headers', async (path) => {
    const response = await suite.app.inject({ method: 'GET', url: path });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expectSecurityHeaders(response.headers);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.body).toContain('<html lang="en">');
    expect(response.body).toContain('href="tel:988"');
    expect(response.body).toContain('href="tel:211"');
    expect(response.body).toContain('Quick exit');
    // No scripts from other hosts and no inline scripts: CSP would block them anyway.
    expect(response.body).not.toMatch(/<script(?![^>]*(src="\/assets\/|type="application\/json"))/);
  });

  it.each(localizedPagePaths.filter((path) => splitLocalePath(path).locale !== 'en'))('serves %s in its language', async (path) => {
    const response = await suite.app.inject({ method: 'GET', url: path });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<html lang="${splitLocalePath(path).locale}">`);
    expect(response.body).toContain('href="tel:988"');
  });

  it('answers a conditional request for an unchanged page with 304', async () => {
    const first = await suite.app.inject({ method: 'GET', url: '/about' });
    const second = await suite.app.inject({ method: 'GET', url: '/about', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(second.statusCode).toBe(304);
  });

  it('serves a styled 404 page for unknown pages', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/no-such-page', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain("We can&#x27;t find that page");
    expectSecurityHeaders(response.headers);
  });

  it('keeps JSON 404s for unknown API routes', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', message: 'Nothing is here.' });
  });

  it('serves hashed assets with a year of caching and never the page files by name', async () => {
    const page = await suite.app.inject({ method: 'GET', url: '/' });
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const asset = await suite.app.inject({ method: 'GET', url: script!, headers: { 'accept-encoding': 'gzip' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect((await suite.app.inject({ method: 'GET', url: '/pages/index.html' })).statusCode).toBe(404);
  });
});

describe('server operations endpoints', () => {
  let app: FastifyInstance;
  let database: Database;

  beforeAll(async () => {
    ({ app, database } = await buildTestApp());
  });
  afterAll(async () => {
    await app.close();
  });

  it('GET /healthz is live', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expectSecurityHeaders(response.headers);
  });

  it('GET /readyz checks the database', async () => {
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok' });

    await database.close();
    const unready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(unready.statusCode).toBe(503);
    expect(unready.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
  });

  it('GET /metrics reports request durations by route pattern and status', async () => {
    await app.inject({ method: 'GET', url: '/healthz' });
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} \d+/);
    expect(response.body).toContain('process_cpu_user_seconds_total');
  });

  it('refuses a JSON body over 64 KB with 413 and a clear code', async () => {
    // A real route that takes a JSON body: the limit is checked before the route's own rules run.
    const response = await app.inject({
      method: 'POST',
      url: '/api/ai-test-chat',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ messages: [{ role: 'user', content: 'x'.repeat(BODY_LIMIT_BYTES + 1024) }] }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'payload_too_large', message: 'The request body is too large.' });
  });
});

describe('server on https', () => {
  it('sends HSTS when PUBLIC_URL is https', async () => {
    const { app, database } = await buildTestApp({ env: { PUBLIC_URL: 'https://ellis.example.org' } });
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    await app.close();
    await database.close();
  });
});
