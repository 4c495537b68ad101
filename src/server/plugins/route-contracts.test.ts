// Route contracts (docs/decisions/090): every route the app registers declares its params,
// body and responses as zod schemas; replies its schema refuses fail the request in tests; refusals
// keep the route's own code; and GET /api/openapi.json describes every route, /auth/v1 included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { z } from 'zod';
import { buildTestApp } from '../testing/test-app.ts';
import { FakeVad } from '../providers/vad/testing/fake-vad.ts';
import { FakeStt } from '../providers/stt/testing/fake-stt.ts';
import { FakeTts } from '../providers/tts/testing/fake-tts.ts';
import { registerErrorHandler } from './errors.ts';
import { AppMetrics } from './metrics.ts';
import { refusal, refusedWith, registerRouteContracts, type ZodTypeProvider } from './route-contracts.ts';

/** POST routes that read no body, and why; any other POST, PUT or PATCH must declare one. */
const WITHOUT_BODY: Record<string, string> = {
  'POST /auth/v1/logout': 'the scope is in the query, the session in the header or cookie',
  'POST /auth/v1/factors/:factorId/challenge': 'the factor is in the path',
};

interface RegisteredRoute {
  key: string;
  method: string;
  url: string;
  schema: RouteOptions['schema'];
}

function pathParams(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}

describe('route contracts of the app', () => {
  let app: FastifyInstance;
  const routes: RegisteredRoute[] = [];

  beforeAll(async () => {
    // Without the web app every route is an API route; the Twilio token adds the phone line's.
    ({ app } = await buildTestApp({
      env: { TWILIO_AUTH_TOKEN: 'route-contracts-twilio-token' },
      voice: { providers: { vad: new FakeVad(), stt: new FakeStt([], 'hello'), tts: new FakeTts() } },
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD') routes.push({ key: `${method} ${route.url}`, method, url: route.url, schema: route.schema });
        }
      },
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('walks the whole API, /auth/v1, /hsds, the phone line and the WebSockets included', () => {
    const keys = routes.map((route) => route.key);
    expect(keys.length).toBeGreaterThan(35);
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /auth/v1/token',
        'GET /api/bookmarks/:id',
        'GET /hsds/services',
        'GET /api/voice',
        'POST /api/telephony/twilio/voice',
        'GET /api/openapi.json',
      ]),
    );
  });

  it('gives every route a summary, a response schema, a params schema naming its path parameters, and a body schema when it reads one', () => {
    const missing: string[] = [];
    for (const { key, method, url, schema } of routes) {
      if (!schema) {
        missing.push(`${key}: no schema`);
        continue;
      }
      if (!schema.summary) missing.push(`${key}: no summary`);
      const statuses = Object.keys((schema.response ?? {}) as object);
      if (!statuses.some((status) => /^(2\d\d|101)$/.test(status))) missing.push(`${key}: no success response schema`);
      if (!statuses.includes('4xx') || !statuses.includes('5xx')) missing.push(`${key}: no error response schemas`);
      const params = pathParams(url);
      if (params.length > 0) {
        const declared = schema.params instanceof z.ZodObject ? Object.keys(schema.params.shape).sort() : [];
        if (JSON.stringify(declared) !== JSON.stringify([...params].sort())) missing.push(`${key}: params schema names ${declared.join(', ') || 'nothing'}`);
      }
      if (['POST', 'PUT', 'PATCH'].includes(method) && !schema.body && !(key in WITHOUT_BODY)) missing.push(`${key}: no body schema`);
      for (const part of ['params', 'querystring', 'body'] as const) {
        if (schema[part] !== undefined && !(schema[part] instanceof z.ZodType)) missing.push(`${key}: ${part} is not a zod schema`);
      }
    }
    expect(missing).toEqual([]);
    // The list of body-less routes names only routes that exist and really have no body schema.
    for (const key of Object.keys(WITHOUT_BODY)) expect(routes.find((route) => route.key === key)?.schema?.body, key).toBeUndefined();
    for (const key of Object.keys(WITHOUT_BODY)) expect(routes.some((route) => route.key === key), key).toBe(true);
  });

  it('serves GET /api/openapi.json: OpenAPI 3.1 with every route, /auth/v1 in GoTrue\'s error shape', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const document = response.json() as {
      openapi: string;
      info: { title: string; version: string };
      paths: Record<string, Record<string, { summary?: string; parameters?: Array<{ name: string; in: string; required: boolean }>; requestBody?: unknown; responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> }>>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Ellis API', version: '1.0.0' });

    for (const { key, method, url } of routes) {
      const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const operation = document.paths[path]?.[method.toLowerCase()];
      expect(operation, key).toBeDefined();
      expect(Object.keys(operation!.responses).length, key).toBeGreaterThan(0);
      const declaredPathParams = (operation!.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
      expect(declaredPathParams.sort(), key).toEqual(pathParams(url).sort());
    }
    expect(Object.keys(document.paths).every((path) => !path.includes(':'))).toBe(true);

    expect(document.paths['/api/bookmarks/{id}']!.delete).toMatchObject({ summary: 'Delete a bookmark.', responses: { '204': { description: 'No content.' } } });
    const signUp = document.paths['/auth/v1/signup']!.post!;
    // GoTrue reads a missing body as {}; a bookmark needs its title.
    expect(signUp.requestBody).toMatchObject({ required: false, content: { 'application/json': { schema: { type: 'object' } } } });
    expect(document.paths['/api/bookmarks']!.post!.requestBody).toMatchObject({ required: true, content: { 'application/json': { schema: { required: ['title'] } } } });
    expect(signUp.responses['4XX']!.content!['application/json']!.schema).toMatchObject({ required: ['code', 'error_code', 'msg'] });
    expect(document.paths['/api/bookmarks']!.get!.responses['4XX']!.content!['application/json']!.schema).toMatchObject({ required: ['code', 'message'] });
    expect(document.paths['/api/bookmarks']!.get!.parameters!.map((parameter) => `${parameter.in} ${parameter.name} ${parameter.required}`)).toEqual([
      'query limit false',
      'query cursor false',
    ]);
    expect(document.paths['/api/telephony/twilio/voice']!.post!.responses['200']!.content).toHaveProperty('text/xml');
  });
});

describe('the zod type provider', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const fastify = Fastify();
    registerErrorHandler(fastify, new AppMetrics());
    registerRouteContracts(fastify, { checkResponses: true });
    app = fastify;
    const typed = fastify.withTypeProvider<ZodTypeProvider>();
    const body = refusedWith(z.object({ count: z.number({ error: 'count is a number' }) }), refusal(422, 'bad_count'));
    typed.post('/count', { schema: { body, response: { 200: z.object({ doubled: z.number() }) } } }, async (request) => ({
      doubled: request.body.count * 2,
    }));
    typed.get('/broken', { schema: { response: { 200: z.object({ name: z.string() }) } } }, async () => ({ name: 42 }) as unknown as { name: string });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('hands the handler the parsed body and refuses a bad one with the route\'s code and the rule\'s message', async () => {
    const ok = await app.inject({ method: 'POST', url: '/count', payload: { count: 21 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ doubled: 42 });

    const refused = await app.inject({ method: 'POST', url: '/count', payload: { count: 'many' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ code: 'bad_count', message: 'count is a number' });
  });

  it('fails a reply its response schema refuses', async () => {
    const response = await app.inject({ method: 'GET', url: '/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'internal_error' });
  });
});
