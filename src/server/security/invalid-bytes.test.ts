// Bad input over a real socket: bytes no HTTP client library would send (invalid UTF-8 in the
// path, the query, header values and JSON bodies; broken framing) against every API route. The server
// must answer each with a 4xx (or close the connection), never a 5xx, and keep serving.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { testDatabaseTargets } from '../db/testing/test-databases.ts';
import { SecurityKit, fillPath, pathParams, routeKey } from './security-kit.ts';

const INVALID_UTF8 = [
  Buffer.from([0xff]),
  Buffer.from([0xc3, 0x28]),
  Buffer.from([0xe2, 0x82]),
  Buffer.from([0xf0, 0x28, 0x8c, 0xbc]),
  Buffer.from([0xed, 0xa0, 0x80]), // an encoded lone surrogate
  Buffer.from([0xc0, 0xaf]), // overlong "/"
  Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]),
  Buffer.from([0x00]),
];

interface RawAnswer {
  /** The status of the first response, or null when the server closed without one. */
  status: number | null;
  body: string;
}

/** Sends raw bytes on a fresh connection and reads the whole answer (the request asks to close). */
function sendRaw(port: number, bytes: Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(5_000, () => {
      socket.destroy();
      reject(new Error('no answer within 5 s'));
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may reset a connection whose framing it refused; that is a refusal, not a failure.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') resolve(parse(Buffer.concat(chunks)));
      else reject(error);
    });
    socket.on('end', () => resolve(parse(Buffer.concat(chunks))));
    socket.write(bytes);
  });
}

function parse(raw: Buffer): RawAnswer {
  const text = raw.toString('latin1');
  const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
  return { status: match ? Number(match[1]) : null, body: text.slice(text.indexOf('\r\n\r\n') + 4) };
}

function request(method: string, target: Buffer, headerLines: Buffer[], body: Buffer | null): Buffer {
  const lines: Buffer[] = [
    Buffer.concat([Buffer.from(`${method} `), target, Buffer.from(' HTTP/1.1\r\n')]),
    Buffer.from('Host: 127.0.0.1\r\nConnection: close\r\n'),
    ...headerLines.map((line) => Buffer.concat([line, Buffer.from('\r\n')])),
  ];
  if (body) lines.push(Buffer.from(`Content-Type: application/json\r\nContent-Length: ${body.length}\r\n`));
  lines.push(Buffer.from('\r\n'));
  if (body) lines.push(body);
  return Buffer.concat(lines);
}

type Placement = 'path' | 'query' | 'header' | 'body' | 'framing';

const attack = fc.record({
  placement: fc.constantFrom<Placement>('path', 'query', 'header', 'body', 'framing'),
  bytes: fc.constantFrom(...INVALID_UTF8),
  bearer: fc.boolean(),
});

for (const target of testDatabaseTargets()) {
  describe(`invalid bytes over real HTTP, ${target.dialect}`, () => {
    let kit: SecurityKit;
    let port: number;
    let token: string;

    beforeAll(async () => {
      kit = await SecurityKit.start(target);
      token = (await kit.sharedUser()).access_token;
      await kit.app.listen({ port: 0, host: '127.0.0.1' });
      const address = kit.app.server.address();
      port = typeof address === 'object' && address ? address.port : 0;
    });
    afterAll(async () => {
      await kit.close();
    });

    it('refuses them on every route with a 4xx and keeps serving', { timeout: 300_000 }, async () => {
      const counts: string[] = [];
      for (const route of kit.apiRoutes()) {
        let tried = 0;
        await fc.assert(
          fc.asyncProperty(attack, async ({ placement, bytes, bearer }) => {
            const values = Object.fromEntries(pathParams(route.url).map((name) => [name, '00000000-0000-4000-8000-000000000000']));
            let path = Buffer.from(fillPath(route.url, values));
            if (placement === 'path') path = Buffer.concat([path, bytes]);
            if (placement === 'query') path = Buffer.concat([path, Buffer.from('?q='), bytes, Buffer.from('&grant_type=password')]);
            const headerLines = [
              ...(bearer ? [Buffer.from(`Authorization: Bearer ${token}`)] : []),
              ...(placement === 'header' ? [Buffer.concat([Buffer.from('X-Client-Info: '), bytes]), Buffer.concat([Buffer.from('Cookie: ellis_refresh_token='), bytes])] : []),
            ];
            let raw: Buffer;
            if (placement === 'framing') {
              // A body longer than its Content-Length, then garbage where the next request would start.
              raw = Buffer.concat([
                request(route.method, path, headerLines, Buffer.from('{"title":"a"}')),
                bytes,
                Buffer.from(' GARBAGE\r\n\r\n'),
              ]);
            } else {
              const body = placement === 'body' ? Buffer.concat([Buffer.from('{"title":"'), bytes, Buffer.from('","username":"'), bytes, Buffer.from('"}')]) : null;
              raw = request(route.method, path, headerLines, body ?? (route.method === 'GET' || route.method === 'HEAD' ? null : Buffer.from('{}')));
            }
            const answer = await sendRaw(port, raw);
            tried += 1;
            if (answer.status !== null) {
              expect(answer.status, `${routeKey(route)} ${placement}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
            }
          }),
          { numRuns: 30, endOnFailure: true },
        );
        counts.push(`${String(tried).padStart(4)}  ${routeKey(route)}`);
        const health = await fetch(`http://127.0.0.1:${port}/healthz`);
        expect(health.status).toBe(200);
      }
      console.log(`invalid bytes on ${target.dialect}: ${counts.length} routes\n${counts.join('\n')}`);
    });
  });
}
