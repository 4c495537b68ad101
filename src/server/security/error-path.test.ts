// Every response through the app's error path: addresses the router cannot read (broken
// %-escapes, overlong parameters and URLs), methods no route serves and bodies in another media type
// get the `{code, message}` body (GoTrue's shape under /auth/v1), the DESIGN §6 headers, a log line
// and a metric — on every API route the app registers, with generated input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { testDatabaseTargets } from '../db/testing/test-databases.ts';
import { MAX_URL_LENGTH } from '../plugins/errors.ts';
import { SecurityKit, fillPath, pathParams, routeKey } from './security-kit.ts';

const sqliteOnly = testDatabaseTargets().filter((target) => target.dialect === 'sqlite');
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 120) / 10;

/** A %-escape that does not decode: a lone `%`, one hex digit, or bytes that are not UTF-8. */
const brokenEscape = fc.constantFrom('%', '%4', '%zz', '%E0%A4%A', '%C0', '%FF%FE', '%%41', '%u0041', '%ED%A0%80');

const FORM_ROUTE = /^\/api\/telephony\/twilio\//;

function expectErrorAnswer(response: LightMyRequestResponse, url: string, status: number, code: string, what: string) {
  expect(response.statusCode, what).toBe(status);
  const body = response.json();
  if (url.startsWith('/auth/v1/')) expect(body, what).toEqual({ code: status, error_code: code, msg: expect.any(String) });
  else expect(body, what).toEqual({ code, message: expect.any(String) });
  const csp = String(response.headers['content-security-policy'] ?? '');
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['referrer-policy'], what).toBe('no-referrer');
  expect(String(response.headers['permissions-policy']), what).toContain('microphone=(self)');
}

describe.each(sqliteOnly)('the error path on every API route ($dialect)', (target) => {
  let kit: SecurityKit;
  beforeAll(async () => {
    kit = await SecurityKit.start(target, { captureLogs: true });
  });
  afterAll(async () => {
    await kit.close();
  });

  // HEAD answers carry no body; their GET twins are checked.
  const routesWithBodies = () => kit.apiRoutes().filter((route) => route.method !== 'HEAD');
  const refusedLines = (code: string) => kit.logLines.filter((line) => line.includes('"request refused"') && line.includes(`"code":"${code}"`)).length;
  async function errorCount(code: string): Promise<number> {
    const body = (await kit.inject({ method: 'GET', url: '/metrics' })).body;
    return Number(new RegExp(`^ellis_request_errors_total\\{code="${code}"\\} (\\d+)$`, 'm').exec(body)?.[1] ?? 0);
  }

  it('broken %-escapes in any path parameter: 400 invalid_url', async () => {
    const routes = routesWithBodies().filter((route) => pathParams(route.url).length > 0);
    expect(routes.length).toBeGreaterThan(5);
    const before = { lines: refusedLines('invalid_url'), count: await errorCount('invalid_url') };
    let sent = 0;
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(fc.string({ maxLength: 8 }).map(encodeURIComponent), brokenEscape, async (prefix, escape) => {
          const params = Object.fromEntries(pathParams(route.url).map((name) => [name, `${prefix}${escape}`]));
          const url = fillPath(route.url, params);
          const response = await kit.inject({ method: route.method as 'GET', url });
          sent += 1;
          expectErrorAnswer(response, url, 400, 'invalid_url', `${routeKey(route)} ${url}`);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
    expect(refusedLines('invalid_url') - before.lines).toBe(sent);
    expect((await errorCount('invalid_url')) - before.count).toBe(sent);
    // The address itself is never written to the log.
    expect(kit.logLines.filter((line) => line.includes('%E0%A4%A')).slice(0, 1)).toEqual([]);
  });

  it('overlong path parameters and overlong addresses: 414 uri_too_long', async () => {
    const before = await errorCount('uri_too_long');
    let sent = 0;
    for (const route of routesWithBodies()) {
      const params = pathParams(route.url);
      const longParam = params.length > 0 ? fillPath(route.url, Object.fromEntries(params.map((name) => [name, 'a'.repeat(300)]))) : null;
      const longQuery = `${fillPath(route.url, Object.fromEntries(params.map((name) => [name, 'x'])))}?q=${'b'.repeat(MAX_URL_LENGTH)}`;
      for (const url of [longParam, longQuery].filter((value): value is string => value !== null)) {
        const response = await kit.inject({ method: route.method as 'GET', url });
        sent += 1;
        expectErrorAnswer(response, url, 414, 'uri_too_long', `${routeKey(route)} ${url.slice(0, 80)}`);
      }
    }
    expect((await errorCount('uri_too_long')) - before).toBe(sent);
  });

  it('methods no route serves: 405 method_not_allowed with Allow', async () => {
    for (const route of kit.apiRoutes()) {
      const url = fillPath(route.url, Object.fromEntries(pathParams(route.url).map((name) => [name, 'x'])));
      for (const method of ['TRACE', 'PROPFIND', 'MKCOL']) {
        const response = await kit.inject({ method: method as 'GET', url });
        expectErrorAnswer(response, url, 405, 'method_not_allowed', `${method} ${url}`);
        expect(response.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
      }
    }
    expect(refusedLines('method_not_allowed')).toBeGreaterThan(0);
  });

  it('bodies in a media type other than JSON: 415 unsupported_media_type', async () => {
    const routes = kit.apiRoutes().filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method));
    expect(routes.length).toBeGreaterThan(5);
    const before = refusedLines('unsupported_media_type');
    let refusals = 0;
    for (const route of routes) {
      const url = fillPath(route.url, Object.fromEntries(pathParams(route.url).map((name) => [name, 'x'])));
      for (const contentType of ['text/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/octet-stream']) {
        // Twilio posts its webhooks as forms: those routes take a form (and check its signature).
        if (FORM_ROUTE.test(url) && contentType === 'application/x-www-form-urlencoded') continue;
        refusals += 1;
        const response = await kit.inject({ method: route.method as 'POST', url, headers: { 'content-type': contentType }, payload: 'a=1' });
        expectErrorAnswer(response, url, 415, 'unsupported_media_type', `${routeKey(route)} ${contentType}`);
      }
    }
    expect(refusedLines('unsupported_media_type') - before).toBe(refusals);
  });
});
