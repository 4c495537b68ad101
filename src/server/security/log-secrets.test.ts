// Logs (DESIGN §6): passwords, tokens, TOTP and recovery codes, chat messages and voice
// transcripts never reach a log line. Every log line the app writes (at trace level) is captured.
// Table-driven: each carrier sends marker strings the way a person or a client would, and says which
// strings must not show up. A carrier whose routes are missing fails.
// On top of the table, every route's valid example is replayed with each string in its body, the
// Authorization header, the refresh cookie, X-Conversation-Token and the query set to markers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { testDatabaseTargets } from '../db/testing/test-databases.ts';
import { PASSWORD, bearer } from '../modules/auth/testing/accounts-kit.ts';
import { exampleFor, prepareExample } from './route-examples.ts';
import { SecurityKit, routeKey } from './security-kit.ts';
import { bytesFromPcm16 } from '../providers/audio/pcm.ts';
import { frames, silence, tone } from '../modules/voice/testing/voice-kit.ts';

/** What the fake speech recognizer "hears" in every voice turn of this suite. */
const VOICE_MARKER = 'VoIcEsEcReTmArK';
const VOICE_TRANSCRIPT = `I am sleeping in my car ${VOICE_MARKER} tonight`;

type SecretKind = 'password' | 'token' | 'totp code' | 'recovery code' | 'chat message' | 'voice transcript';

interface SecretCarrier {
  kind: SecretKind;
  name: string;
  /** Routes the carrier needs (`METHOD /pattern`); the carrier fails when one is missing. */
  needs: string[];
  /** Sends the secrets; returns every string that must not be logged. */
  run(kit: SecurityKit, marker: (label: string) => string): Promise<string[]>;
}

/** A marker that passes the password rules (upper, lower, digit, symbol, length). */
const passwordMarker = (marker: (label: string) => string, label: string) => `Pw-${marker(label)}-9a`;

const CARRIERS: SecretCarrier[] = [
  {
    kind: 'password',
    name: 'sign-up, sign-in (right and wrong), password change, account deletion, recovery',
    needs: ['POST /auth/v1/signup', 'POST /auth/v1/token', 'PUT /auth/v1/user', 'DELETE /api/account', 'POST /auth/v1/recover-with-code'],
    async run(kit, marker) {
      const first = passwordMarker(marker, 'signup');
      const wrong = passwordMarker(marker, 'wrong');
      const second = passwordMarker(marker, 'changed');
      const third = passwordMarker(marker, 'recovered');
      const username = `logs_${process.hrtime.bigint() % 100_000_000n}`;
      const signUp = await kit.inject({ method: 'POST', url: '/auth/v1/signup', payload: { username, password: first } });
      expect(signUp.statusCode).toBe(200);
      const session = signUp.json();
      expect((await kit.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { username, password: wrong } })).statusCode).toBe(400);
      const signIn = await kit.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { email: `${username}@users.ellis.invalid`, password: first } });
      expect(signIn.statusCode).toBe(200);
      const changed = await kit.inject({
        method: 'PUT',
        url: '/auth/v1/user',
        headers: bearer(signIn.json().access_token),
        payload: { password: second, current_password: first },
      });
      expect(changed.statusCode).toBe(200);
      const recovered = await kit.inject({
        method: 'POST',
        url: '/auth/v1/recover-with-code',
        payload: { username, recovery_code: session.recovery_code, new_password: third },
      });
      expect(recovered.statusCode).toBe(200);
      const again = await kit.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { username, password: third } });
      const deleteWrong = await kit.inject({ method: 'DELETE', url: '/api/account', headers: bearer(again.json().access_token), payload: { password: wrong } });
      expect(deleteWrong.statusCode).toBe(400);
      const deleted = await kit.inject({ method: 'DELETE', url: '/api/account', headers: bearer(again.json().access_token), payload: { password: third } });
      expect(deleted.statusCode).toBe(204);
      return [first, wrong, second, third, session.recovery_code, recovered.json().recovery_code];
    },
  },
  {
    kind: 'token',
    name: 'access and refresh tokens, real and made up, in headers, cookies, bodies and queries',
    needs: ['POST /auth/v1/token', 'GET /auth/v1/user', 'POST /auth/v1/logout'],
    async run(kit, marker) {
      const user = await kit.newUser();
      const refreshed = await kit.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        payload: { refresh_token: user.refresh_token },
      });
      expect(refreshed.statusCode).toBe(200);
      // The spent token again, outside the grace window: the whole session is revoked (and logged).
      kit.clock.advance(60_000);
      const reused = await kit.inject({ method: 'POST', url: '/auth/v1/token?grant_type=refresh_token', payload: { refresh_token: user.refresh_token } });
      expect(reused.statusCode).toBe(400);
      const madeUp = marker('refresh');
      await kit.inject({ method: 'POST', url: '/auth/v1/token?grant_type=refresh_token', payload: { refresh_token: madeUp } });
      const cookieToken = marker('cookie');
      await kit.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=refresh_token',
        headers: { 'x-client-info': 'ellis-web', cookie: `ellis_refresh_token=${cookieToken}` },
      });
      const bearerToken = marker('bearer');
      await kit.inject({ method: 'GET', url: '/auth/v1/user', headers: bearer(bearerToken) });
      const queryToken = marker('query');
      await kit.inject({ method: 'GET', url: `/api/bookmarks?access_token=${queryToken}`, headers: bearer(refreshed.json().access_token) });
      const fresh = await kit.newUser();
      await kit.inject({ method: 'POST', url: '/auth/v1/logout', headers: bearer(fresh.access_token), payload: {} });
      return [user.access_token, user.refresh_token, refreshed.json().access_token, refreshed.json().refresh_token, madeUp, cookieToken, bearerToken, queryToken, fresh.access_token, fresh.refresh_token];
    },
  },
  {
    kind: 'totp code',
    name: 'enrolment secret, a wrong code and the right code',
    needs: ['POST /auth/v1/factors', 'POST /auth/v1/factors/:factorId/challenge', 'POST /auth/v1/factors/:factorId/verify'],
    async run(kit) {
      const user = await kit.newUser();
      const factor = await kit.enrollFactor(user);
      const code = kit.totpCode(factor.totp.secret);
      const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const challengeId = await kit.challenge(user, factor.id);
      const url = `/auth/v1/factors/${factor.id}/verify`;
      expect((await kit.inject({ method: 'POST', url, headers: bearer(user.access_token), payload: { challenge_id: challengeId, code: wrongCode } })).statusCode).toBe(422);
      const verified = await kit.inject({ method: 'POST', url, headers: bearer(user.access_token), payload: { challenge_id: challengeId, code } });
      expect(verified.statusCode).toBe(200);
      return [factor.totp.secret, code, wrongCode, verified.json().access_token];
    },
  },
  {
    kind: 'recovery code',
    name: 'the recovery code at the two-step step: a wrong one, the right one and the new one',
    needs: ['POST /auth/v1/factors', 'POST /auth/v1/factors/:factorId/verify', 'POST /auth/v1/token', 'POST /auth/v1/factors/recover'],
    async run(kit, marker) {
      const user = await kit.newUser();
      const factor = await kit.enrollFactor(user);
      const challengeId = await kit.challenge(user, factor.id);
      const verified = await kit.inject({
        method: 'POST',
        url: `/auth/v1/factors/${factor.id}/verify`,
        headers: bearer(user.access_token),
        payload: { challenge_id: challengeId, code: kit.totpCode(factor.totp.secret) },
      });
      expect(verified.statusCode).toBe(200);
      const signIn = await kit.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        payload: { username: user.user.user_metadata.username, password: PASSWORD },
      });
      expect(signIn.statusCode).toBe(200);
      const headers = bearer(signIn.json().access_token);
      const wrong = `WRONG-${marker('recovery')}`;
      expect((await kit.inject({ method: 'POST', url: '/auth/v1/factors/recover', headers, payload: { recovery_code: wrong } })).statusCode).toBe(400);
      const recovered = await kit.inject({ method: 'POST', url: '/auth/v1/factors/recover', headers, payload: { recovery_code: user.recovery_code } });
      expect(recovered.statusCode).toBe(200);
      return [wrong, user.recovery_code!, recovered.json().recovery_code, recovered.json().access_token, recovered.json().refresh_token];
    },
  },
  {
    kind: 'chat message',
    name: 'an anonymous chat message (DESIGN §5.2)',
    needs: ['POST /api/chat/session', 'POST /api/chat/conversations/:id/messages'],
    async run(kit, marker) {
      const session = await kit.inject({ method: 'POST', url: '/api/chat/session', payload: {} });
      expect(session.statusCode).toBe(200);
      const { conversation, token } = session.json();
      const content = `I am scared ${marker('chat')} please help`;
      const sent = await kit.inject({
        method: 'POST',
        url: `/api/chat/conversations/${conversation.id}/messages`,
        headers: { 'x-conversation-token': token },
        payload: { content },
      });
      expect(sent.statusCode).toBe(200);
      return [content, marker('chat'), token];
    },
  },
  {
    kind: 'chat message',
    name: 'the test chat (DESIGN §5.2)',
    needs: ['POST /api/ai-test-chat'],
    async run(kit, marker) {
      const content = `where can I sleep ${marker('test-chat')}`;
      const response = await kit.inject({ method: 'POST', url: '/api/ai-test-chat', payload: { messages: [{ role: 'user', content }] } });
      expect(response.statusCode).toBe(200);
      return [content, marker('test-chat')];
    },
  },
  {
    kind: 'voice transcript',
    name: 'a spoken turn over /api/voice (the fake recognizer hears VOICE_TRANSCRIPT)',
    needs: ['GET /api/voice'],
    async run(kit) {
      const socket = await kit.app.injectWS('/api/voice', { headers: { origin: kit.publicUrl } });
      let spoke = false;
      const heard = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no final user transcript within 10 s')), 10_000);
        socket.on('message', (data: Buffer, isBinary: boolean) => {
          if (isBinary) return;
          const message = JSON.parse(data.toString('utf8'));
          // Speak once Ellis's greeting is over (speaking during it would interrupt it).
          if (!spoke && message.type === 'transcript' && message.role === 'assistant' && message.transcriptType === 'final') {
            spoke = true;
            for (const frame of [...frames(tone(400)), ...frames(silence(300))]) socket.send(bytesFromPcm16(frame), { binary: true });
          }
          if (message.type === 'transcript' && message.role === 'user' && message.transcriptType === 'final') {
            expect(message.transcript).toBe(VOICE_TRANSCRIPT);
            clearTimeout(timer);
            resolve();
          }
        });
      });
      socket.send(JSON.stringify({ type: 'start', sampleRate: 16_000, encoding: 'pcm_s16le' }));
      await heard;
      // Let the reply be logged too, then hang up.
      await new Promise((resolve) => setTimeout(resolve, 300));
      socket.send(JSON.stringify({ type: 'stop' }));
      socket.terminate();
      return [VOICE_TRANSCRIPT, VOICE_MARKER];
    },
  },
];

/** `(?<!\d)code(?!\d)`: a 6-digit code inside a longer number (a timestamp) is not the code. */
function appears(log: string, secret: string): boolean {
  if (/^\d+$/.test(secret)) return new RegExp(`(?<!\\d)${secret}(?!\\d)`).test(log);
  return log.includes(secret);
}

function replaceStrings(value: unknown, marker: () => string): unknown {
  if (typeof value === 'string') return marker();
  if (Array.isArray(value)) return value.map((item) => replaceStrings(item, marker));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceStrings(item, marker)]));
  return value;
}

for (const target of testDatabaseTargets()) {
  describe(`secrets never reach the logs, ${target.dialect}`, () => {
    let kit: SecurityKit;
    let counter = 0;
    const marker = (label: string) => `SeCrEt${label.replace(/\W/g, '')}${(counter += 1)}X${target.dialect}`;

    beforeAll(async () => {
      kit = await SecurityKit.start(target, { captureLogs: true, voiceTranscript: VOICE_TRANSCRIPT });
    });
    afterAll(async () => {
      await kit.close();
    });

    const known = () => new Set([...kit.routes.map(routeKey)]);

    for (const carrier of CARRIERS) {
      it(`${carrier.kind}: ${carrier.name}`, async () => {
        // A carrier whose route is gone must fail here, not pass without sending anything.
        const missing = carrier.needs.filter((need) => !known().has(need));
        expect(missing, `routes ${carrier.name} needs`).toEqual([]);
        const before = kit.logLines.length;
        const secrets = await carrier.run(kit, marker);
        const log = kit.logLines.slice(before).join('');
        expect(log.length, 'the flow wrote log lines').toBeGreaterThan(0);
        for (const secret of secrets) {
          expect(typeof secret === 'string' && secret.length >= 6, `secret ${String(secret)}`).toBe(true);
          expect(appears(log, secret), `${carrier.kind} "${secret.slice(0, 24)}…" appears in a log line`).toBe(false);
        }
      });
    }

    it('markers in every body field, the Authorization header, the cookie and the query of every route stay out', async () => {
      const before = kit.logLines.length;
      const sent: string[] = [];
      const next = () => {
        const value = marker('route');
        sent.push(value);
        return value;
      };
      for (const route of kit.apiRoutes()) {
        const { request } = await prepareExample(kit, route.method, exampleFor(route.method, route.url)!);
        const payload = request.payload === undefined ? undefined : replaceStrings(request.payload, next);
        const separator = String(request.url).includes('?') ? '&' : '?';
        const variants: InjectOptions[] = [
          { ...request, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) },
          {
            ...request,
            url: `${String(request.url)}${separator}token=${next()}&code=${next()}&password=${next()}`,
            headers: {
              ...(request.headers as Record<string, string>),
              authorization: `Bearer ${next()}`,
              cookie: `ellis_refresh_token=${next()}`,
              'x-conversation-token': next(),
              'x-client-info': 'ellis-web',
            },
          },
        ];
        for (const variant of variants) await kit.inject(variant);
      }
      const log = kit.logLines.slice(before).join('');
      expect(log.length).toBeGreaterThan(0);
      expect(sent.length).toBeGreaterThan(100);
      expect(sent.filter((value) => log.includes(value))).toEqual([]);
      console.log(`${sent.length} markers sent through ${kit.apiRoutes().length} routes; ${kit.logLines.length - before} log lines, none with a marker`);
    });
  });
}
