import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeaderOptions {
  /** Served over HTTPS: adds HSTS and upgrade-insecure-requests. */
  secure: boolean;
}

function helmetOptions({ secure }: SecurityHeaderOptions): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: secure ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  };
}

/**
 * The header set helmet would write, computed once. Our policy has no per-request part (no nonces,
 * no functions), yet helmet's middleware parses its directives on every call: through
 * @fastify/helmet that was ≈ 7 % of the bookmark list's CPU time (docs/performance.md).
 */
export function securityHeaders(options: SecurityHeaderOptions): Map<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmet(helmetOptions(options))({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  // geolocation=(self): /resources' "Use my location" asks the browser; no embedded frame may.
  headers.set('Permissions-Policy', 'microphone=(self), camera=(), geolocation=(self), payment=(), usb=()');
  return headers;
}

/**
 * DESIGN §6 headers on every response, hijacked ones (the chat stream, the voice upgrade) included:
 * they go on the raw response, as helmet does. Pages carry no inline script or style, so the CSP
 * needs no nonce: everything comes from this origin.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.raw.setHeaders(headers);
    done();
  });
}
