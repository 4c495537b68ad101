import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { registerSecurityHeaders, securityHeaders } from './security-headers.ts';

const CSP =
  "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self';connect-src 'self';media-src 'self' blob:;" +
  "worker-src 'self';manifest-src 'self';object-src 'none';base-uri 'none';frame-ancestors 'none';form-action 'self'";

describe('security headers', () => {
  it('are the DESIGN §6 set, with HSTS and upgrade-insecure-requests only over HTTPS', () => {
    const plain = Object.fromEntries(securityHeaders({ secure: false }));
    expect(plain).toEqual({
      'Content-Security-Policy': CSP,
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Origin-Agent-Cluster': '?1',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'X-DNS-Prefetch-Control': 'off',
      'X-Download-Options': 'noopen',
      'X-Frame-Options': 'DENY',
      'X-Permitted-Cross-Domain-Policies': 'none',
      'X-XSS-Protection': '0',
      'Permissions-Policy': 'microphone=(self), camera=(), geolocation=(self), payment=(), usb=()',
    });
    const secure = Object.fromEntries(securityHeaders({ secure: true }));
    expect(secure['Content-Security-Policy']).toBe(`${CSP};upgrade-insecure-requests`);
    expect(secure['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains');
  });

  it('reach normal, not-found and hijacked responses alike', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { secure: false });
    app.get('/normal', async () => ({ ok: true }));
    app.get('/hijacked', (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'Content-Type': 'text/plain' });
      reply.raw.end('raw');
    });
    for (const url of ['/normal', '/missing', '/hijacked']) {
      const response = await app.inject({ url });
      expect(response.headers['content-security-policy'], url).toBe(CSP);
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['permissions-policy'], url).toContain('microphone=(self)');
    }
    await app.close();
  });
});
