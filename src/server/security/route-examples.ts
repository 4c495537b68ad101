/**
 * One valid example request per API route, keyed `METHOD /pattern` as Fastify registers it. The
 * security suites take the route list from the app itself; this table only says who may call a route
 * and what a correct call looks like. A route without an entry fails route-examples.test.ts with its
 * name, so a route merged later gets an example here before the suites pass.
 *
 * Adding one: `access` (public or signed-in), `ownedByCaller` when the path names something that
 * belongs to one user (a bookmark, a factor, a conversation: another user's id must answer 404),
 * `consumesCaller` when a valid call ends the caller's session or account, `noStore` for public answers
 * that must never be cached (chat: DESIGN §6; signed-in answers are checked anyway), `prepare` to make
 * what the request needs, `request` (without Authorization: the suites add it) and the 2xx `status`.
 * HEAD routes borrow their GET example.
 */
import type { InjectOptions } from 'fastify';
import type { TestSession } from '../modules/auth/testing/accounts-kit.ts';
import { PASSWORD, uniqueUsername } from '../modules/auth/testing/accounts-kit.ts';
import { SHIPPED_SF_211_ID } from '../modules/directory/testing/shipped-data.ts';
import { SECURITY_TWILIO_AUTH_TOKEN, type SecurityKit } from './security-kit.ts';
import { twilioSignature } from '../modules/telephony/twilio-signature.ts';
import { newCallSid } from '../modules/telephony/testing/simulated-twilio.ts';

export type Params = Record<string, string>;

export interface RouteExample {
  access: 'public' | 'signed-in';
  ownedByCaller?: boolean;
  consumesCaller?: boolean;
  noStore?: boolean;
  prepare?: (kit: SecurityKit, caller: TestSession | null) => Promise<Params>;
  request: (params: Params) => InjectOptions;
  status: number;
}

/** A call on a bookmark the caller made first. */
function callersBookmark(method: 'GET' | 'PATCH' | 'DELETE', status: number, payload?: InjectOptions['payload']): RouteExample {
  return {
    access: 'signed-in',
    ownedByCaller: true,
    prepare: async (kit, caller) => ({ id: await kit.createBookmark(caller!) }),
    request: ({ id }) => ({ method, url: `/api/bookmarks/${id}`, ...(payload === undefined ? {} : { payload }) }),
    status,
  };
}

const NEW_PASSWORD = 'Brand-New-Pass-77';

async function enrolledWithChallenge(kit: SecurityKit, caller: TestSession | null): Promise<Params> {
  if (!caller) throw new Error('needs a caller');
  const factor = await kit.enrollFactor(caller);
  const challengeId = await kit.challenge(caller, factor.id);
  return { factorId: factor.id, challengeId, code: kit.totpCode(factor.totp.secret) };
}

/** The caller's private conversation (POST /api/chat/session signed in makes or returns it). */
async function privateConversation(kit: SecurityKit, caller: TestSession | null): Promise<Params> {
  if (!caller) throw new Error('needs a caller');
  const response = await kit.inject({ method: 'POST', url: '/api/chat/session', headers: { authorization: `Bearer ${caller.access_token}` }, payload: {} });
  if (response.statusCode !== 200) throw new Error(`chat session failed: ${response.statusCode} ${response.body}`);
  return { id: response.json().conversation.id };
}

/** An anonymous conversation someone wrote in, with the token that opens it. */
async function anonymousConversationWithMessage(kit: SecurityKit): Promise<Params> {
  const session = await kit.inject({ method: 'POST', url: '/api/chat/session', payload: {} });
  if (session.statusCode !== 200) throw new Error(`chat session failed: ${session.statusCode} ${session.body}`);
  const { conversation, token } = session.json() as { conversation: { id: string }; token: string };
  const sent = await kit.inject({
    method: 'POST',
    url: `/api/chat/conversations/${conversation.id}/messages`,
    headers: { 'x-conversation-token': token },
    payload: { content: 'I need somewhere to sleep tonight' },
  });
  if (sent.statusCode !== 200) throw new Error(`chat message failed: ${sent.statusCode} ${sent.body}`);
  return { id: conversation.id, token };
}

/** A Twilio webhook form for a new call, signed for the kit's PUBLIC_URL as Twilio signs it. */
function signedTwilioWebhook(kit: SecurityKit, path: string): Params {
  const form = { AccountSid: 'AC00000000000000000000000000000000', CallSid: newCallSid(), From: '+14155550100', To: '+14155550199' };
  return { path, body: new URLSearchParams(form).toString(), signature: twilioSignature(SECURITY_TWILIO_AUTH_TOKEN, `${kit.publicUrl}${path}`, form) };
}

function twilioWebhookRequest({ path, body, signature }: Params): InjectOptions {
  return {
    method: 'POST',
    url: path ?? '',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature ?? '' },
    payload: body ?? '',
  };
}

/**
 * WebSocket routes need more than frames to be reached: the headers their handshake must carry
 * (the bad-frames suite opens each with them).
 */
export const WEBSOCKET_HANDSHAKES: Record<string, (kit: SecurityKit) => Record<string, string>> = {
  'GET /api/voice': (kit) => ({ origin: kit.publicUrl }),
  'GET /api/telephony/twilio/stream': (kit) => ({
    'x-twilio-signature': twilioSignature(SECURITY_TWILIO_AUTH_TOKEN, `${kit.publicUrl.replace(/^http/, 'ws')}/api/telephony/twilio/stream`),
  }),
};

export const ROUTE_EXAMPLES: Record<string, RouteExample> = {
  'POST /api/telephony/twilio/voice': {
    access: 'public',
    noStore: true,
    prepare: async (kit) => signedTwilioWebhook(kit, '/api/telephony/twilio/voice'),
    request: twilioWebhookRequest,
    status: 200,
  },
  'POST /api/telephony/twilio/after-stream': {
    access: 'public',
    noStore: true,
    prepare: async (kit) => signedTwilioWebhook(kit, '/api/telephony/twilio/after-stream'),
    request: twilioWebhookRequest,
    status: 200,
  },
  'GET /healthz': { access: 'public', request: () => ({ method: 'GET', url: '/healthz' }), status: 200 },
  'GET /readyz': { access: 'public', request: () => ({ method: 'GET', url: '/readyz' }), status: 200 },
  'GET /metrics': { access: 'public', request: () => ({ method: 'GET', url: '/metrics' }), status: 200 },
  'GET /api/openapi.json': { access: 'public', request: () => ({ method: 'GET', url: '/api/openapi.json' }), status: 200 },
  'GET /api/resources': {
    access: 'public',
    request: () => ({ method: 'GET', url: '/api/resources?q=food&category=all' }),
    status: 200,
  },
  'GET /api/services': {
    access: 'public',
    request: () => ({ method: 'GET', url: '/api/services?q=food&category=food&near=Oakland&open_now=false&tags=walk-in' }),
    status: 200,
  },
  'POST /api/services/:id/reports': {
    access: 'public',
    // A service of the shipped Bay Area set (2-1-1 in San Francisco), which every test app loads.
    prepare: async () => ({ id: SHIPPED_SF_211_ID }),
    request: ({ id }) => ({ method: 'POST', url: `/api/services/${id}/reports`, payload: { message: 'The phone number did not work.', kind: 'wrong_phone' } }),
    status: 201,
  },
  'GET /hsds': { access: 'public', request: () => ({ method: 'GET', url: '/hsds/' }), status: 200 },
  'GET /hsds/services': { access: 'public', request: () => ({ method: 'GET', url: '/hsds/services?search=211&page=1&per_page=5' }), status: 200 },
  'GET /hsds/services/:id': {
    access: 'public',
    prepare: async () => ({ id: SHIPPED_SF_211_ID }),
    request: ({ id }) => ({ method: 'GET', url: `/hsds/services/${id}` }),
    status: 200,
  },
  'GET /hsds/service_at_locations': {
    access: 'public',
    request: () => ({ method: 'GET', url: '/hsds/service_at_locations?postcode=94110&proximity=5000' }),
    status: 200,
  },
  'GET /hsds/taxonomy_terms': { access: 'public', request: () => ({ method: 'GET', url: '/hsds/taxonomy_terms?search=food' }), status: 200 },
  'GET /api/usernames/:name': {
    access: 'public',
    request: () => ({ method: 'GET', url: `/api/usernames/${uniqueUsername('free')}` }),
    status: 200,
  },
  'GET /auth/v1/.well-known/jwks.json': { access: 'public', request: () => ({ method: 'GET', url: '/auth/v1/.well-known/jwks.json' }), status: 200 },
  'GET /auth/v1/settings': { access: 'public', request: () => ({ method: 'GET', url: '/auth/v1/settings' }), status: 200 },
  'POST /auth/v1/signup': {
    access: 'public',
    request: () => ({ method: 'POST', url: '/auth/v1/signup', payload: { username: uniqueUsername('new'), password: PASSWORD } }),
    status: 200,
  },
  'POST /auth/v1/token': {
    access: 'public',
    prepare: async (kit) => ({ username: (await kit.newUser()).user.user_metadata.username }),
    request: ({ username }) => ({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { username, password: PASSWORD } }),
    status: 200,
  },
  'POST /auth/v1/recover-with-code': {
    access: 'public',
    prepare: async (kit) => {
      const user = await kit.newUser();
      return { username: user.user.user_metadata.username, code: user.recovery_code ?? '' };
    },
    request: ({ username, code }) => ({
      method: 'POST',
      url: '/auth/v1/recover-with-code',
      payload: { username, recovery_code: code, new_password: NEW_PASSWORD },
    }),
    status: 200,
  },
  'POST /auth/v1/logout': {
    access: 'signed-in',
    consumesCaller: true,
    request: () => ({ method: 'POST', url: '/auth/v1/logout?scope=global', payload: {} }),
    status: 204,
  },
  'GET /auth/v1/user': { access: 'signed-in', request: () => ({ method: 'GET', url: '/auth/v1/user' }), status: 200 },
  'PUT /auth/v1/user': {
    access: 'signed-in',
    consumesCaller: true,
    request: () => ({ method: 'PUT', url: '/auth/v1/user', payload: { password: NEW_PASSWORD, current_password: PASSWORD } }),
    status: 200,
  },
  'POST /auth/v1/factors': {
    access: 'signed-in',
    consumesCaller: true,
    request: () => ({ method: 'POST', url: '/auth/v1/factors', payload: { factor_type: 'totp', friendly_name: 'Phone' } }),
    status: 200,
  },
  'POST /auth/v1/factors/recover': {
    access: 'signed-in',
    consumesCaller: true,
    // The caller's own code from sign-up (it is replaced, so each caller is a new user).
    prepare: async (_kit, caller) => ({ code: caller?.recovery_code ?? '' }),
    request: ({ code }) => ({ method: 'POST', url: '/auth/v1/factors/recover', payload: { recovery_code: code } }),
    status: 200,
  },
  'POST /auth/v1/factors/:factorId/challenge': {
    access: 'signed-in',
    ownedByCaller: true,
    consumesCaller: true,
    prepare: async (kit, caller) => ({ factorId: (await kit.enrollFactor(caller!)).id }),
    request: ({ factorId }) => ({ method: 'POST', url: `/auth/v1/factors/${factorId}/challenge`, payload: {} }),
    status: 200,
  },
  'POST /auth/v1/factors/:factorId/verify': {
    access: 'signed-in',
    ownedByCaller: true,
    consumesCaller: true,
    prepare: enrolledWithChallenge,
    request: ({ factorId, challengeId, code }) => ({
      method: 'POST',
      url: `/auth/v1/factors/${factorId}/verify`,
      payload: { challenge_id: challengeId, code },
    }),
    status: 200,
  },
  'DELETE /auth/v1/factors/:factorId': {
    access: 'signed-in',
    ownedByCaller: true,
    consumesCaller: true,
    prepare: async (kit, caller) => ({ factorId: (await kit.enrollFactor(caller!)).id }),
    request: ({ factorId }) => ({ method: 'DELETE', url: `/auth/v1/factors/${factorId}` }),
    status: 200,
  },
  'GET /api/profile': { access: 'signed-in', request: () => ({ method: 'GET', url: '/api/profile' }), status: 200 },
  'GET /api/bookmarks': { access: 'signed-in', request: () => ({ method: 'GET', url: '/api/bookmarks' }), status: 200 },
  'POST /api/bookmarks': {
    access: 'signed-in',
    request: () => ({
      method: 'POST',
      url: '/api/bookmarks',
      payload: { title: 'Clinic', url: 'https://example.org/clinic', description: 'Walk-in Mondays' },
    }),
    status: 201,
  },
  'GET /api/bookmarks/:id': callersBookmark('GET', 200),
  'PATCH /api/bookmarks/:id': callersBookmark('PATCH', 200, { title: 'Renamed' }),
  'DELETE /api/bookmarks/:id': callersBookmark('DELETE', 204),
  'DELETE /api/account': {
    access: 'signed-in',
    consumesCaller: true,
    request: () => ({ method: 'DELETE', url: '/api/account', payload: { password: PASSWORD } }),
    status: 204,
  },
  'GET /api/account/export': { access: 'signed-in', request: () => ({ method: 'GET', url: '/api/account/export' }), status: 200 },
  // Chat (DESIGN §5.2). Conversation routes take the owner's bearer token (private conversations) or
  // X-Conversation-Token (public ones); access-control.test.ts checks the token side separately.
  'POST /api/chat/session': {
    access: 'public',
    noStore: true,
    request: () => ({ method: 'POST', url: '/api/chat/session', payload: {} }),
    status: 200,
  },
  'GET /api/chat/conversations/:id/messages': {
    access: 'signed-in',
    ownedByCaller: true,
    prepare: privateConversation,
    request: ({ id }) => ({ method: 'GET', url: `/api/chat/conversations/${id}/messages` }),
    status: 200,
  },
  'POST /api/chat/conversations/:id/messages': {
    access: 'signed-in',
    ownedByCaller: true,
    prepare: privateConversation,
    request: ({ id }) => ({ method: 'POST', url: `/api/chat/conversations/${id}/messages`, payload: { content: 'Where can I get food today?' } }),
    status: 200,
  },
  'DELETE /api/chat/conversations/:id': {
    access: 'signed-in',
    ownedByCaller: true,
    prepare: privateConversation,
    request: ({ id }) => ({ method: 'DELETE', url: `/api/chat/conversations/${id}` }),
    status: 204,
  },
  // Not ownedByCaller: the token, not the account, proves whose it is (access-control.test.ts checks it).
  'POST /api/chat/conversations/:id/adopt': {
    access: 'signed-in',
    prepare: anonymousConversationWithMessage,
    request: ({ id, token }) => ({ method: 'POST', url: `/api/chat/conversations/${id}/adopt`, headers: { 'x-conversation-token': token! }, payload: {} }),
    status: 200,
  },
  'POST /api/ai-test-chat': {
    access: 'public',
    noStore: true,
    request: () => ({ method: 'POST', url: '/api/ai-test-chat', payload: { messages: [{ role: 'user', content: 'I need a shelter bed' }] } }),
    status: 200,
  },
};

/** The example for a route; HEAD borrows GET's. Undefined when the table has none. */
export function exampleFor(method: string, url: string): RouteExample | undefined {
  return ROUTE_EXAMPLES[`${method === 'HEAD' ? 'GET' : method} ${url}`];
}

export interface PreparedRequest {
  request: InjectOptions;
  caller: TestSession | null;
  params: Params;
}

/** Makes what the example needs and returns the request, with the caller's bearer token when signed-in. */
export async function prepareExample(kit: SecurityKit, method: string, example: RouteExample): Promise<PreparedRequest> {
  const caller = example.access === 'signed-in' ? (example.consumesCaller ? await kit.newUser() : await kit.sharedUser()) : null;
  const params = example.prepare ? await example.prepare(kit, caller) : {};
  const base = example.request(params);
  const headers = { ...(base.headers as Record<string, string> | undefined), ...(caller ? { authorization: `Bearer ${caller.access_token}` } : {}) };
  return { request: { ...base, method: method as InjectOptions['method'], headers }, caller, params };
}
