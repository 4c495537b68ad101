import type {
  FastifyInstance,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
  RouteOptions,
} from 'fastify';
import { z } from 'zod';
import { AppError } from '../app-error.ts';
import { apiErrorSchema, goTrueErrorSchema } from '../../shared/api-contracts.ts';

/**
 * Route contracts (docs/decisions/090): every route declares its params, query, body and responses
 * as zod schemas from src/shared. This file is the zod type provider (validation, request types,
 * response checks) and the OpenAPI 3.1 document built from the same schemas.
 */

/** Request parts are typed as the schema's output, replies as its input. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

declare module 'fastify' {
  interface FastifySchema {
    /** One line for the OpenAPI document. */
    summary?: string;
    /** Media type of the success answer when it is not JSON (TwiML, Prometheus text, an event stream). */
    produces?: string;
    /** Media type of the body when it is not JSON (Twilio's form posts). */
    consumes?: string;
  }
}

/** The AppError a request part answers with when it fails its schema: the route's own code and text. */
export type Refusal = (issue: z.core.$ZodIssue | undefined) => AppError;

const refusals = new WeakMap<z.ZodType, Refusal>();

/**
 * The schema, answered with `refusal` when a request part fails it. A copy is marked, so one shared
 * schema can carry different codes on different routes.
 */
export function refusedWith<T extends z.ZodType>(schema: T, refusal: Refusal): T {
  const marked = schema.clone();
  refusals.set(marked, refusal);
  return marked;
}

/** A refusal with a fixed status and code and the failing rule's own message. */
export function refusal(statusCode: number, code: string, fallbackMessage = 'The request could not be understood.'): Refusal {
  return (issue) => new AppError(statusCode, code, issue?.message ?? fallbackMessage);
}

const defaultRefusal = refusal(400, 'invalid_request');

/**
 * Fastify's validator compiler for zod schemas. A request without a body is read as `{}` (what the
 * routes always did with a missing body), and a failure becomes the schema's AppError, so the one
 * error handler answers it like any other refusal.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const parsed = schema.safeParse(httpPart === 'body' && data === null ? {} : data);
    if (parsed.success) return { value: parsed.data };
    return { error: (refusals.get(schema) ?? defaultRefusal)(parsed.error.issues[0]) };
  };

/**
 * Replies are written with JSON.stringify, as without a schema. With `checkResponses` (tests and
 * development) a reply its schema refuses fails the request with a 500 naming the route, so every
 * route test is also a test of the route's documented answer.
 */
export function zodSerializerCompiler(checkResponses: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url, httpStatus }) =>
    (data) => {
      if (checkResponses) {
        const checked = schema.safeParse(data);
        if (!checked.success) {
          throw new Error(`${method} ${url} answered ${httpStatus} with a body its response schema refuses:\n${z.prettifyError(checked.error)}`);
        }
      }
      return JSON.stringify(data);
    };
}

/** A route as the OpenAPI document needs it. */
interface DocumentedRoute {
  method: string;
  url: string;
  schema: NonNullable<RouteOptions['schema']>;
}

const OPENAPI_PATH = '/api/openapi.json';
/** The API's version (not the app's): it changes when a route's contract breaks. */
const API_VERSION = '1.0.0';

/** GoTrue's error shape under /auth/v1, `{code, message}` everywhere else (plugins/errors.ts). */
function errorSchemaFor(url: string): z.ZodType {
  return url.startsWith('/auth/v1/') ? goTrueErrorSchema : apiErrorSchema;
}

/**
 * Sets the zod compilers on the root instance (before any route is added), puts the error answers on
 * every route that declares responses, and serves the OpenAPI document of all of them.
 */
export function registerRouteContracts(app: FastifyInstance, options: { checkResponses: boolean }): void {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler(options.checkResponses));

  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route) => {
    const schema = route.schema;
    if (!schema) return;
    if (schema.response) {
      const response = schema.response as Record<string, unknown>;
      const errors = errorSchemaFor(route.url);
      response['4xx'] ??= errors;
      response['5xx'] ??= errors;
    }
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD twin to every GET; the document lists the GET.
      if (method !== 'HEAD') routes.push({ method, url: route.url, schema });
    }
  });

  let document: string | null = null;
  app.get(
    OPENAPI_PATH,
    { schema: { summary: 'This document: the API as OpenAPI 3.1.', response: { 200: openApiDocumentSchema } } },
    async (_request, reply) => {
      document ??= JSON.stringify(openApiDocument(routes));
      reply.header('Cache-Control', 'public, max-age=300').type('application/json; charset=utf-8');
      return reply.send(document);
    },
  );
}

const openApiDocumentSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: unknown, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema as z.ZodType, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** `{name: schema}` of an object schema's properties, with the names it requires. */
function parametersOf(schema: unknown, location: 'path' | 'query'): JsonSchema[] {
  const object = jsonSchema(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }));
}

/** A body is required unless an empty one (read as `{}`) passes. */
function requestBodyOf(schema: z.ZodType, mediaType: string): JsonSchema {
  return { required: !schema.safeParse({}).success, content: { [mediaType]: { schema: jsonSchema(schema, 'input') } } };
}

/** OpenAPI writes `4XX` where Fastify writes `4xx`. */
function openApiStatus(status: string): string {
  return /^\dxx$/.test(status) ? status.toUpperCase() : status;
}

function openApiDocument(routes: readonly DocumentedRoute[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const { method, url, schema } of routes) {
    const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const parameters = [
      ...(schema.params ? parametersOf(schema.params, 'path') : []),
      ...(schema.querystring ? parametersOf(schema.querystring, 'query') : []),
    ];
    const responses: Record<string, JsonSchema> = {};
    for (const [status, responseSchema] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
      const isSuccess = /^2/.test(status);
      const mediaType = isSuccess && schema.produces ? schema.produces : 'application/json';
      const documented = jsonSchema(responseSchema, 'output');
      responses[openApiStatus(status)] = {
        description: typeof documented.description === 'string' ? documented.description : isSuccess ? 'Success' : 'Refused',
        ...(status === '204' || status === '101' ? {} : { content: { [mediaType]: { schema: documented } } }),
      };
    }
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = {
      ...(schema.summary ? { summary: schema.summary } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(schema.body ? { requestBody: requestBodyOf(schema.body as z.ZodType, schema.consumes ?? 'application/json') } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ellis API',
      version: API_VERSION,
      description: 'The Ellis API: the GoTrue-compatible accounts under /auth/v1, the app API under /api, and the HSDS 3.0 read API under /hsds.',
    },
    paths,
  };
}
