import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../app-error.ts';
import type { AppMetrics } from './metrics.ts';

/** Error codes from the database driver that mean "the database cannot be reached right now". */
const DATABASE_UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
  'SQLITE_BUSY',
]);

function isDatabaseUnavailable(error: FastifyError): boolean {
  return (
    DATABASE_UNAVAILABLE_CODES.has(error.code) ||
    /Connection terminated|timeout exceeded when trying to connect|max retries per request/i.test(error.message)
  );
}

/**
 * PostgreSQL refuses text it cannot store (a NUL character, an invalid byte sequence): that is the
 * input's fault, so it is a 400, not a 500.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

const CLIENT_ERROR_CODES: Record<string, { code: string; message: string }> = {
  FST_ERR_BAD_URL: { code: 'invalid_url', message: 'The address is not valid: a %-escape in it is broken.' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'uri_too_long', message: 'The address is too long.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'Send the request body as JSON (Content-Type: application/json).',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_json', message: 'The request body is empty; send JSON.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
};

/** An error reduced to what a client may see: status, stable code, safe message, headers. */
export interface ErrorDescription {
  statusCode: number;
  code: string;
  message: string;
  headers: Record<string, string>;
  /** Set on 5xx answers, so a report can be matched to the log line. */
  requestId?: string;
}

/**
 * Classifies any error: AppErrors and client errors keep their status and code; anything else is
 * logged and becomes a generic 500 (or 503 when the database is unreachable) naming the request id.
 */
export function describeError(error: FastifyError, request: FastifyRequest): ErrorDescription {
  const description = classify(error, request);
  request.server.appMetrics?.requestError(description.code);
  // Refusals made before any route ran (broken or overlong addresses, wrong methods or media types)
  // get a line of their own; the code, never the address or the body, which may carry anything.
  if (FRAMEWORK_REFUSALS.has(description.code)) request.log.info({ code: description.code, statusCode: description.statusCode }, 'request refused');
  return description;
}

/** Codes of requests refused by the framework rather than by a route. */
const FRAMEWORK_REFUSALS = new Set([...Object.values(CLIENT_ERROR_CODES).map(({ code }) => code), 'method_not_allowed']);

function classify(error: FastifyError, request: FastifyRequest): ErrorDescription {
  if (error instanceof AppError) {
    return { statusCode: error.statusCode, code: error.code, message: error.message, headers: error.headers };
  }
  if (error.validation) {
    return { statusCode: 400, code: 'invalid_request', message: error.message, headers: {} };
  }
  const statusCode = error.statusCode ?? 500;
  if (statusCode >= 400 && statusCode < 500) {
    if (statusCode === 429) return { statusCode, code: 'rate_limited', message: error.message, headers: {} };
    const known = CLIENT_ERROR_CODES[error.code];
    return {
      statusCode: error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : statusCode,
      code: known?.code ?? 'bad_request',
      message: known?.message ?? 'The request could not be understood.',
      headers: {},
    };
  }
  if (UNSTORABLE_TEXT_CODES.has(error.code)) {
    return { statusCode: 400, code: 'invalid_text', message: 'The text contains characters that cannot be saved.', headers: {} };
  }
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    return {
      statusCode: 503,
      code: 'service_unavailable',
      message: 'Ellis cannot reach its database right now. Please try again in a minute.',
      headers: { 'Retry-After': '5' },
      requestId: request.id,
    };
  }
  request.log.error({ err: error }, 'unhandled error');
  return {
    statusCode: 500,
    code: 'internal_error',
    message: 'Something went wrong on our side. Please try again.',
    headers: {},
    requestId: request.id,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts every error answer by code (describeError), whichever handler sends it. */
    appMetrics?: AppMetrics;
  }
}

/** Longest address accepted (path and query); longer is refused with 414 before routing. */
export const MAX_URL_LENGTH = 4096;

/** Methods some route answers; any other (TRACE, PROPFIND, …) is 405 rather than "not found". */
const SERVED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Sends the error answer in the shape of the address: GoTrue's under /auth/v1, `{code, message}` elsewhere. */
function sendError(request: FastifyRequest, reply: FastifyReply, description: ErrorDescription): FastifyReply {
  const { statusCode, code, message, headers, requestId } = description;
  reply.status(statusCode).headers(headers);
  if (request.url.startsWith('/auth/v1/')) {
    return reply.send({ code: statusCode, error_code: code, msg: message, ...(requestId ? { request_id: requestId } : {}) });
  }
  return reply.send(requestId ? { code, message, requestId } : { code, message });
}

/**
 * Fastify's `frameworkErrors`: an address the router cannot read (a broken %-escape, a parameter
 * over the length limit) is answered here, before any hook has run, so the security headers are put
 * on by hand.
 */
export function frameworkErrorHandler(securityHeaders: Map<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    reply.raw.setHeaders(securityHeaders);
    sendError(request, reply, describeError(error, request));
  };
}

/**
 * Refusals before routing that Fastify would not make itself: an address over MAX_URL_LENGTH (414)
 * and a method no route serves (405).
 */
export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.url.length > MAX_URL_LENGTH) throw new AppError(414, 'uri_too_long', 'The address is too long.');
    if (!SERVED_METHODS.has(request.method)) {
      throw new AppError(405, 'method_not_allowed', 'This method is not supported.', { Allow: [...SERVED_METHODS].join(', ') });
    }
  });
}

/** The app's error handler: `{code, message}` (plus `requestId` on 5xx) with the status. */
export function registerErrorHandler(app: FastifyInstance, metrics: AppMetrics): void {
  app.decorate('appMetrics', metrics);
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { statusCode, code, message, headers, requestId } = describeError(error, request);
    return reply
      .status(statusCode)
      .headers(headers)
      .send(requestId ? { code, message, requestId } : { code, message });
  });
}
