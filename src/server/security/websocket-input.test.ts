// Bad input over WebSocket (DESIGN §5.3, §6: frames ≤ 64 KB, bad input never crashes). Every
// WebSocket route the app registers (the voice call and the Twilio media stream) gets generated
// frame sequences: wrong JSON, wrong types, a start message with nonsense, binary of odd sizes, frames
// over 64 KB. The route may answer {"type":"error"} or close (1000, 1003, 1007, 1008, 1009, 1013), never with
// 1011 (internal error), never with internals in a message, and the app keeps serving.
// The harness checks itself on two small routes, so it is proven before voice lands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Fastify, { type FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { testDatabaseTargets } from '../db/testing/test-databases.ts';
import { nastyString } from './bad-input.ts';
import { LEAKED_INTERNALS, SecurityKit, routeKey } from './security-kit.ts';
import { WEBSOCKET_HANDSHAKES } from './route-examples.ts';

const FRAME_LIMIT_BYTES = 64 * 1024;

type Frame = { kind: 'text'; data: string } | { kind: 'binary'; data: Buffer };

const jsonFrame = fc
  .oneof(
    fc.record({
      type: fc.constantFrom('start', 'mute', 'stop', 'unknown', '__proto__'),
      sampleRate: fc.oneof(fc.integer(), fc.double(), nastyString, fc.constant(null)),
      encoding: fc.oneof(fc.constant('pcm_s16le'), nastyString),
      muted: fc.oneof(fc.boolean(), nastyString),
      accessToken: fc.oneof(nastyString, fc.constant('Bearer x.y.z')),
    }, { requiredKeys: ['type'] }),
    // Media Streams messages (the phone line), right and wrong.
    fc.record({
      event: fc.constantFrom('connected', 'start', 'media', 'dtmf', 'mark', 'stop', 'clear', 'unknown'),
      streamSid: fc.oneof(fc.constant('MZ00000000000000000000000000000000'), nastyString),
      start: fc.record({
        callSid: fc.oneof(fc.constant('CA00000000000000000000000000000000'), nastyString),
        customParameters: fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
        mediaFormat: fc.record({ encoding: fc.constantFrom('audio/x-mulaw', 'audio/l16'), sampleRate: fc.constantFrom(8000, 16000), channels: fc.constant(1) }),
      }),
      media: fc.record({ track: fc.constantFrom('inbound', 'outbound'), payload: fc.oneof(fc.base64String({ maxLength: 400 }), nastyString) }),
      dtmf: fc.record({ digit: fc.oneof(fc.constantFrom('0', '1', '#'), nastyString) }),
      mark: fc.record({ name: nastyString }),
    }, { requiredKeys: ['event'] }),
    fc.jsonValue(),
  )
  .map((value): Frame => ({ kind: 'text', data: JSON.stringify(value) ?? 'null' }));

const frame: fc.Arbitrary<Frame> = fc.oneof(
  { weight: 3, arbitrary: jsonFrame },
  { weight: 2, arbitrary: nastyString.map((data): Frame => ({ kind: 'text', data: data.slice(0, FRAME_LIMIT_BYTES / 2) })) },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 3_201 }).map((bytes): Frame => ({ kind: 'binary', data: Buffer.from(bytes) })) },
  { weight: 1, arbitrary: fc.constantFrom<Frame>({ kind: 'binary', data: Buffer.alloc(FRAME_LIMIT_BYTES + 1) }, { kind: 'text', data: 'x'.repeat(FRAME_LIMIT_BYTES + 1) }) },
);

/** Normal, going away, unsupported data, no status, bad data, policy, too big, try again later. */
const VALID_START = JSON.stringify({ type: 'start', sampleRate: 16_000, encoding: 'pcm_s16le' });

const REFUSAL_CLOSE_CODES = new Set([1000, 1001, 1003, 1005, 1007, 1008, 1009, 1013]);

/** Sends generated frame sequences to one WebSocket route; resolves with how many sequences were sent. */
async function fuzzWebSocketRoute(app: FastifyInstance, path: string, runs: number, headers: Record<string, string> = {}): Promise<number> {
  let tried = 0;
  await fc.assert(
    fc.asyncProperty(fc.boolean(), fc.array(frame, { minLength: 1, maxLength: 6 }), async (validStart, generated) => {
      // Half the sequences open with a valid start, so audio and control frames reach the call itself.
      const frames: Frame[] = validStart ? [{ kind: 'text', data: VALID_START }, ...generated] : generated;
      tried += 1;
      const socket = await app.injectWS(path, { headers });
      const messages: string[] = [];
      const closed = new Promise<number>((resolve) => socket.on('close', (code: number) => resolve(code)));
      socket.on('message', (data: Buffer, isBinary: boolean) => {
        if (!isBinary) messages.push(data.toString('utf8'));
      });
      for (const item of frames) {
        if (socket.readyState !== socket.OPEN) break;
        socket.send(item.data, { binary: item.kind === 'binary' });
      }
      const code = await Promise.race([closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), 150))]);
      if (code === null) socket.terminate();
      expect(code === null || REFUSAL_CLOSE_CODES.has(code), `${path} closed with ${code}`).toBe(true);
      for (const message of messages) expect(message, path).not.toMatch(LEAKED_INTERNALS);
    }),
    { numRuns: runs, endOnFailure: true },
  );
  const health = await app.inject({ method: 'GET', url: '/healthz' });
  expect(health.statusCode).toBe(200);
  return tried;
}

for (const target of testDatabaseTargets()) {
  describe(`bad frames on every WebSocket route, ${target.dialect}`, () => {
    let kit: SecurityKit;

    beforeAll(async () => {
      kit = await SecurityKit.start(target);
    });
    afterAll(async () => {
      await kit.close();
    });

    it('never closes with an internal error and keeps serving', { timeout: 300_000 }, async () => {
      const routes = kit.routes.filter((route) => route.websocket);
      // The suite must fail, not pass empty, if a route it exists for is gone.
      expect(routes.map(routeKey)).toEqual(expect.arrayContaining(['GET /api/voice', 'GET /api/telephony/twilio/stream']));
      // HEAD twins of WebSocket routes are plain HTTP; the handshake is a GET.
      for (const route of routes.filter((candidate) => candidate.method === 'GET')) {
        const handshake = WEBSOCKET_HANDSHAKES[routeKey(route)];
        expect(handshake, `add ${routeKey(route)} to WEBSOCKET_HANDSHAKES in route-examples.ts`).toBeDefined();
        const tried = await fuzzWebSocketRoute(kit.app, route.url, 60, handshake?.(kit) ?? {});
        console.log(`${tried} frame sequences to ${route.url} on ${target.dialect}`);
      }
    });
  });
}

describe('the WebSocket harness itself', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    await app.register(websocket, { options: { maxPayload: FRAME_LIMIT_BYTES } });
    app.get('/healthz', async () => ({ status: 'ok' }));
    // Careful: answers bad JSON with an error message and a policy close.
    app.get('/careful', { websocket: true }, (socket) => {
      socket.on('message', (data: Buffer, isBinary: boolean) => {
        if (isBinary) return;
        try {
          JSON.parse(data.toString('utf8'));
          socket.send(JSON.stringify({ type: 'status', status: 'listening' }));
        } catch {
          socket.send(JSON.stringify({ type: 'error', code: 'invalid_message', message: 'Send JSON.' }));
          socket.close(1008, 'invalid message');
        }
      });
    });
    // Careless: leaks a stack and closes with 1011 on bad JSON.
    app.get('/careless', { websocket: true }, (socket) => {
      socket.on('message', (data: Buffer, isBinary: boolean) => {
        if (isBinary) return;
        try {
          JSON.parse(data.toString('utf8'));
        } catch (error) {
          socket.send(JSON.stringify({ type: 'error', message: (error as Error).stack }));
          socket.close(1011, 'internal error');
        }
      });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('passes a careful route', async () => {
    expect(await fuzzWebSocketRoute(app, '/careful', 30)).toBe(30);
  });

  it('catches a careless one', async () => {
    const failure = await fuzzWebSocketRoute(app, '/careless', 30).then(
      () => null,
      (error: Error) => error,
    );
    expect(failure?.message).toMatch(/^Property failed/);
    expect(String((failure?.cause as Error | undefined)?.message)).toMatch(/closed with 1011|at /);
  });
});
