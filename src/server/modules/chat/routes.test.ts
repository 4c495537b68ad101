import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_RISK_STATE, type RiskState } from '../../assistant/safety/risk-state.ts';
import { testDatabaseTargets } from '../../db/testing/test-databases.ts';
import { bearer, signUp, type TestSession } from '../auth/testing/accounts-kit.ts';
import {
  CHAT_ERROR_TEXT,
  CHAT_RATE_LIMITED_TEXT,
  MAX_CHAT_MESSAGE_LENGTH,
  PUBLIC_CONVERSATION_LIFETIME_MS,
} from '../../../shared/chat-limits.ts';
import { ServerSentEventParser, type ChatStreamEvent } from '../../../shared/chat-events.ts';
import type { ChatMessage } from '../../../shared/chat-api.ts';
import { parseEvents, startChatApp, type ChatTestApp } from './testing/chat-kit.ts';
import { FAKE_PRIVATE_WELCOME, FAKE_PUBLIC_WELCOME, FakeAssistant, gate, replyThenWait, replyWith } from '../../assistant/testing/fake-assistant.ts';
import { MAX_CONVERSATIONS_PER_USER, MAX_MESSAGES_PER_CONVERSATION } from './service.ts';

interface PublicSession {
  conversation: { id: string; kind: 'public'; created_at: string; expires_at: string };
  messages: ChatMessage[];
  provider: string;
  token: string;
}
interface PrivateSession {
  conversation: { id: string; kind: 'private'; created_at: string };
  messages: ChatMessage[];
  provider: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 3_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

for (const target of testDatabaseTargets()) {
  describe(`chat API on ${target.dialect}`, () => {
    let t: ChatTestApp;
    let alice: TestSession;
    let bob: TestSession;
    let baseUrl: string;

    beforeAll(async () => {
      t = await startChatApp(target);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      alice = await signUp(t.app, 'alice_chat');
      bob = await signUp(t.app);
    });
    afterAll(async () => {
      await t.close();
    });
    afterEach(() => {
      t.assistant.respond = replyWith([{ type: 'delta', text: 'Hello from Ellis.' }]);
    });

    const anonymousSession = async (): Promise<PublicSession> => {
      const response = await t.app.inject({ method: 'POST', url: '/api/chat/session' });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const privateSession = async (session: TestSession): Promise<PrivateSession> => {
      const response = await t.app.inject({ method: 'POST', url: '/api/chat/session', headers: bearer(session.access_token) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const send = (conversationId: string, headers: Record<string, string>, content: unknown) =>
      t.app.inject({ method: 'POST', url: `/api/chat/conversations/${conversationId}/messages`, headers, payload: { content } });
    const tokenHeader = (session: PublicSession) => ({ 'x-conversation-token': session.token });
    const publicRows = (id: string) =>
      t.database.db.selectFrom('public_messages').select(['sender', 'content']).where('conversation_id', '=', id).orderBy('created_at').orderBy('id').execute();
    const privateRows = (id: string) =>
      t.database.db.selectFrom('messages').select(['sender', 'content']).where('conversation_id', '=', id).orderBy('created_at').orderBy('id').execute();

    it('anonymous: a new public conversation expiring 24 h ahead, a temporary welcome, the token stored hashed', async () => {
      const session = await anonymousSession();
      const now = t.clock.now();
      expect(session).toEqual({
        conversation: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          kind: 'public',
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + PUBLIC_CONVERSATION_LIFETIME_MS).toISOString(),
        },
        messages: [{ id: expect.any(String), sender: 'ai', content: FAKE_PUBLIC_WELCOME, created_at: new Date(now).toISOString() }],
        provider: 'fake',
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      });
      const row = await t.database.db.selectFrom('public_conversations').selectAll().where('id', '=', session.conversation.id).executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(sha256(session.token));
      expect(row.token_hash).not.toContain(session.token);
      const second = await anonymousSession();
      expect(second.conversation.id).not.toBe(session.conversation.id);
    });

    it('signed in: a conversation greeting the user by name, then the same one with its messages oldest first', async () => {
      const carol = await signUp(t.app, 'carol_chat');
      const first = await privateSession(carol);
      expect(first.conversation).toEqual({ id: expect.any(String), kind: 'private', created_at: new Date(t.clock.now()).toISOString() });
      expect(first.messages.map((message) => [message.sender, message.content])).toEqual([['ai', FAKE_PRIVATE_WELCOME('carol_chat')]]);
      expect(first).not.toHaveProperty('token');

      t.clock.advance(1000);
      expect((await send(first.conversation.id, bearer(carol.access_token), 'I lost my apartment')).statusCode).toBe(200);
      t.clock.advance(1000);
      const again = await privateSession(carol);
      expect(again.conversation.id).toBe(first.conversation.id);
      expect(again.messages.map((message) => [message.sender, message.content])).toEqual([
        ['ai', FAKE_PRIVATE_WELCOME('carol_chat')],
        ['user', 'I lost my apartment'],
        ['ai', 'Hello from Ellis.'],
      ]);
      const listed = await t.app.inject({ method: 'GET', url: `/api/chat/conversations/${first.conversation.id}/messages`, headers: bearer(carol.access_token) });
      expect(listed.statusCode).toBe(200);
      expect(listed.headers['cache-control']).toBe('no-store');
      expect(listed.json()).toEqual(again.messages);
    });

    it('streams user, crisis, deltas and done; persists both messages; keeps the provider chat id', async () => {
      const session = await anonymousSession();
      t.assistant.respond = replyWith([
        { type: 'crisis', level: 'crisis', resources: [{ name: '988 Suicide & Crisis Lifeline', phone: '988', sms: '988' }] },
        { type: 'chat-id', chatId: 'provider-chat-1' },
        { type: 'delta', text: 'You matter. ' },
        { type: 'delta', text: 'Call or text 988.' },
      ]);
      const response = await send(session.conversation.id, tokenHeader(session), '  I want to end it  ');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      const events = parseEvents(response.body);
      expect(events.map((event) => event.event)).toEqual(['user', 'crisis', 'delta', 'delta', 'done']);
      expect(events[0]).toEqual({ event: 'user', data: { message: { id: expect.any(String), sender: 'user', content: 'I want to end it', created_at: expect.any(String) } } });
      expect(events[1]).toEqual({ event: 'crisis', data: { level: 'crisis', resources: [{ name: '988 Suicide & Crisis Lifeline', phone: '988', sms: '988' }] } });
      const done = events[4] as Extract<ChatStreamEvent, { event: 'done' }>;
      expect(done.data.message).toMatchObject({ sender: 'ai', content: 'You matter. Call or text 988.' });
      expect(await publicRows(session.conversation.id)).toEqual([
        { sender: 'ai', content: FAKE_PUBLIC_WELCOME },
        { sender: 'user', content: 'I want to end it' },
        { sender: 'ai', content: 'You matter. Call or text 988.' },
      ]);

      const request = t.assistant.requests.at(-1)!;
      expect(request).toMatchObject({ userText: 'I want to end it', channel: 'chat', previousChatId: null, history: [{ role: 'assistant', content: FAKE_PUBLIC_WELCOME }] });
      t.assistant.respond = replyWith([{ type: 'delta', text: 'Still here.' }]);
      await send(session.conversation.id, tokenHeader(session), 'thanks');
      expect(t.assistant.requests.at(-1)).toMatchObject({
        previousChatId: 'provider-chat-1',
        history: [
          { role: 'assistant', content: FAKE_PUBLIC_WELCOME },
          { role: 'user', content: 'I want to end it' },
          { role: 'assistant', content: 'You matter. Call or text 988.' },
        ],
      });
    });

    it("welcomes in the page's locale and passes it with each message; an unknown locale is ignored, not refused", async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/chat/session', payload: { locale: 'vi' } });
      expect(response.statusCode, response.body).toBe(200);
      const session = response.json<PublicSession>();
      expect(session.messages.map((message) => message.content)).toEqual([`${FAKE_PUBLIC_WELCOME} [vi]`]);
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/chat/conversations/${session.conversation.id}/messages`,
        headers: tokenHeader(session),
        payload: { content: 'Oakland', locale: 'vi' },
      });
      expect(sent.statusCode).toBe(200);
      expect(t.assistant.requests.at(-1)).toMatchObject({ userText: 'Oakland', locale: 'vi' });

      const unknown = await t.app.inject({ method: 'POST', url: '/api/chat/session', payload: { locale: 'xx' } });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json<PublicSession>().messages.map((message) => message.content)).toEqual([FAKE_PUBLIC_WELCOME]);
      expect((await send(unknown.json<PublicSession>().conversation.id, tokenHeader(unknown.json<PublicSession>()), 'hello')).statusCode).toBe(200);
      expect(t.assistant.requests.at(-1)).toMatchObject({ userText: 'hello', locale: null });
    });

    it("passes the provider's error event on and keeps the apology it streamed", async () => {
      const session = await anonymousSession();
      t.assistant.respond = replyWith([
        { type: 'error', code: 'provider_unavailable', message: 'Provider down' },
        { type: 'delta', text: 'I apologize, but I am having trouble.' },
      ]);
      const events = parseEvents((await send(session.conversation.id, tokenHeader(session), 'hello')).body);
      expect(events.map((event) => event.event)).toEqual(['user', 'error', 'delta', 'done']);
      expect(events[1]).toEqual({ event: 'error', data: { code: 'provider_unavailable', message: 'Provider down' } });
      expect((await publicRows(session.conversation.id)).at(-1)).toEqual({ sender: 'ai', content: 'I apologize, but I am having trouble.' });
    });

    it('the provider dies mid-stream: the user message and the partial reply are kept, with the apology', async () => {
      const session = await privateSession(bob);
      const never = gate();
      t.assistant.respond = replyThenWait([{ type: 'delta', text: 'Let me look for shelters' }], never, { fail: new Error('socket hang up') });
      never.open();
      const events = parseEvents((await send(session.conversation.id, bearer(bob.access_token), 'Where can I sleep tonight?')).body);
      expect(events.map((event) => event.event)).toEqual(['user', 'delta', 'error', 'delta', 'done']);
      expect(events[2]).toEqual({ event: 'error', data: { code: 'assistant_failed', message: CHAT_ERROR_TEXT } });
      expect((await privateRows(session.conversation.id)).slice(-2)).toEqual([
        { sender: 'user', content: 'Where can I sleep tonight?' },
        { sender: 'ai', content: `Let me look for shelters\n\n${CHAT_ERROR_TEXT}` },
      ]);
    });

    it('an empty reply still gets an answer', async () => {
      const session = await anonymousSession();
      t.assistant.respond = replyWith([]);
      const events = parseEvents((await send(session.conversation.id, tokenHeader(session), 'hello')).body);
      expect(events.map((event) => event.event)).toEqual(['user', 'error', 'delta', 'done']);
      expect((await publicRows(session.conversation.id)).at(-1)).toEqual({ sender: 'ai', content: CHAT_ERROR_TEXT });
    });

    /** Sends `content` over a real socket and reads the reply stream until its first delta; the caller then leaves. */
    async function streamUntilDelta(session: PublicSession, content: string): Promise<{ seen: string[]; abort: AbortController }> {
      const abort = new AbortController();
      const response = await fetch(`${baseUrl}/api/chat/conversations/${session.conversation.id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...tokenHeader(session) },
        body: JSON.stringify({ content }),
        signal: abort.signal,
      });
      const reader = response.body!.getReader();
      const parser = new ServerSentEventParser();
      const decoder = new TextDecoder();
      const seen: string[] = [];
      while (!seen.includes('delta')) {
        const { value, done } = await reader.read();
        if (done) break;
        seen.push(...parser.push(decoder.decode(value, { stream: true })).map((event) => event.event));
      }
      return { seen, abort };
    }

    /** The conversation's rows once the reply cut short by the client has been kept (greeting, message, reply). */
    const partialReplyRows = (conversationId: string) =>
      waitFor(async () => {
        const found = await publicRows(conversationId);
        return found.length === 3 ? found : undefined;
      }, 'the partial reply');

    it('the client closes the stream: the provider call is aborted and the partial reply is kept', async () => {
      const session = await anonymousSession();
      const never = gate();
      t.assistant.respond = replyThenWait([{ type: 'delta', text: 'First part' }], never);
      const { seen, abort } = await streamUntilDelta(session, 'tell me more');
      expect(seen).toEqual(['user', 'delta']);
      abort.abort();
      const rows = await partialReplyRows(session.conversation.id);
      expect(rows.slice(1)).toEqual([
        { sender: 'user', content: 'tell me more' },
        { sender: 'ai', content: 'First part' },
      ]);
      expect(t.assistant.requests.at(-1)!.signal.aborted).toBe(true);
    });

    it('stores the safety layer\'s risk state with the conversation and hands it back on the next turn (issue 12)', async () => {
      const carol = await signUp(t.app);
      const session = await privateSession(carol);
      const given: Array<RiskState | null | undefined> = [];
      t.assistant.respond = async function* (request) {
        given.push(request.riskState);
        request.onRiskState?.({ ...INITIAL_RISK_STATE, level: 'crisis', kinds: ['suicide'], turnsAtLevel: given.length - 1 });
        yield { type: 'delta', text: 'I am here.' };
      };
      expect((await send(session.conversation.id, bearer(carol.access_token), 'first')).statusCode).toBe(200);
      const row = await t.database.db.selectFrom('conversations').select(['risk_level', 'risk_state']).where('id', '=', session.conversation.id).executeTakeFirstOrThrow();
      expect(row.risk_level).toBe('crisis');
      expect(JSON.parse(row.risk_state ?? 'null')).toMatchObject({ level: 'crisis', kinds: ['suicide'] });
      expect((await send(session.conversation.id, bearer(carol.access_token), 'second')).statusCode).toBe(200);
      expect(given[0]).toBeNull();
      expect(given[1]).toMatchObject({ level: 'crisis', kinds: ['suicide'], turnsAtLevel: 0 });
      expect((await privateSession(carol)).conversation).toMatchObject({ id: session.conversation.id, risk_level: 'crisis' });

      const anon = await anonymousSession();
      expect((await send(anon.conversation.id, tokenHeader(anon), 'hello')).statusCode).toBe(200);
      const publicRow = await t.database.db.selectFrom('public_conversations').select(['risk_level']).where('id', '=', anon.conversation.id).executeTakeFirstOrThrow();
      expect(publicRow.risk_level).toBe('crisis');

      // A reload reads the messages again: the stored level comes with them, so the crisis card comes back.
      const reloaded = await t.app.inject({ method: 'GET', url: `/api/chat/conversations/${anon.conversation.id}/messages`, headers: tokenHeader(anon) });
      expect(reloaded.statusCode).toBe(200);
      expect(reloaded.headers['x-conversation-risk-level']).toBe('crisis');
      expect((reloaded.json() as Array<{ sender: string; content: string }>).map(({ sender, content }) => ({ sender, content })).slice(1)).toEqual([
        { sender: 'user', content: 'hello' },
        { sender: 'ai', content: 'I am here.' },
      ]);
      const privateReload = await t.app.inject({ method: 'GET', url: `/api/chat/conversations/${session.conversation.id}/messages`, headers: bearer(carol.access_token) });
      expect(privateReload.headers['x-conversation-risk-level']).toBe('crisis');
      const quiet = await anonymousSession();
      const quietReload = await t.app.inject({ method: 'GET', url: `/api/chat/conversations/${quiet.conversation.id}/messages`, headers: tokenHeader(quiet) });
      expect(quietReload.headers['x-conversation-risk-level']).toBeUndefined();
    });

    it('a provider that ignores the abort still has its partial reply kept when the client leaves', async () => {
      const session = await anonymousSession();
      t.assistant.respond = async function* () {
        yield { type: 'delta', text: 'Partial words' };
        await new Promise(() => undefined);
      };
      const { abort } = await streamUntilDelta(session, 'still there?');
      abort.abort();
      const rows = await partialReplyRows(session.conversation.id);
      expect(rows[2]).toEqual({ sender: 'ai', content: 'Partial words' });
    });

    it('refuses an empty message and one over 4000 characters with 400; nothing is stored', async () => {
      const session = await anonymousSession();
      const before = await publicRows(session.conversation.id);
      const tooLong = await send(session.conversation.id, tokenHeader(session), 'a'.repeat(MAX_CHAT_MESSAGE_LENGTH + 1));
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toEqual({ code: 'message_too_long', message: 'Your message is too long (4,001 characters). Please keep it under 4,000 characters.' });
      for (const content of ['   ', '', 42, undefined]) {
        const empty = await send(session.conversation.id, tokenHeader(session), content);
        expect(empty.statusCode).toBe(400);
        expect(empty.json().code).toBe('empty_message');
      }
      expect(await publicRows(session.conversation.id)).toEqual(before);
      const atLimit = await send(session.conversation.id, tokenHeader(session), `  ${'é'.repeat(MAX_CHAT_MESSAGE_LENGTH)}  `);
      expect(atLimit.statusCode).toBe(200);
    });

    it("access: another user's conversation is 404; a public one needs its token (401 without, 404 wrong)", async () => {
      const alices = await privateSession(alice);
      const id = alices.conversation.id;
      const asBob = bearer(bob.access_token);
      expect((await t.app.inject({ method: 'GET', url: `/api/chat/conversations/${id}/messages`, headers: asBob })).statusCode).toBe(404);
      expect((await send(id, asBob, 'hi')).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/chat/conversations/${id}`, headers: asBob })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/chat/conversations/${id}/messages` })).statusCode).toBe(401);
      expect((await privateRows(id)).length).toBeGreaterThan(0);

      const anon = await anonymousSession();
      const path = `/api/chat/conversations/${anon.conversation.id}/messages`;
      const noToken = await t.app.inject({ method: 'GET', url: path });
      expect(noToken.statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: path, headers: { 'x-conversation-token': 'wrong' } })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: path, headers: asBob })).statusCode).toBe(404);
      const other = await anonymousSession();
      expect((await t.app.inject({ method: 'GET', url: path, headers: tokenHeader(other) })).statusCode).toBe(404);
      expect((await send(anon.conversation.id, {}, 'hi')).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: path, headers: tokenHeader(anon) })).statusCode).toBe(200);
      for (const bad of ['not-a-uuid', "'; drop table messages; --"]) {
        const response = await t.app.inject({ method: 'GET', url: `/api/chat/conversations/${encodeURIComponent(bad)}/messages`, headers: tokenHeader(anon) });
        expect(response.statusCode).toBe(404);
      }
    });

    it('a public conversation is unreachable at its expiry instant', async () => {
      const session = await anonymousSession();
      const path = `/api/chat/conversations/${session.conversation.id}/messages`;
      t.clock.advance(PUBLIC_CONVERSATION_LIFETIME_MS - 1);
      expect((await t.app.inject({ method: 'GET', url: path, headers: tokenHeader(session) })).statusCode).toBe(200);
      t.clock.advance(1);
      expect((await t.app.inject({ method: 'GET', url: path, headers: tokenHeader(session) })).statusCode).toBe(404);
      expect((await send(session.conversation.id, tokenHeader(session), 'hi')).statusCode).toBe(404);
    });

    it('deletes a conversation and its messages, for both kinds', async () => {
      const anon = await anonymousSession();
      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/chat/conversations/${anon.conversation.id}`, headers: tokenHeader(anon) });
      expect(deleted.statusCode).toBe(204);
      expect(await publicRows(anon.conversation.id)).toEqual([]);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/chat/conversations/${anon.conversation.id}`, headers: tokenHeader(anon) })).statusCode).toBe(404);

      const dave = await signUp(t.app);
      const mine = await privateSession(dave);
      const response = await t.app.inject({ method: 'DELETE', url: `/api/chat/conversations/${mine.conversation.id}`, headers: bearer(dave.access_token) });
      expect(response.statusCode).toBe(204);
      expect(await privateRows(mine.conversation.id)).toEqual([]);
      const fresh = await privateSession(dave);
      expect(fresh.conversation.id).not.toBe(mine.conversation.id);
    });

    it('the test chat answers the last user message with the whole reply', async () => {
      t.assistant.respond = replyWith([{ type: 'delta', text: 'Hi ' }, { type: 'delta', text: 'there.' }]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/ai-test-chat',
        payload: { messages: [{ role: 'user', content: 'first' }, { role: 'assistant', content: 'ok' }, { role: 'user', content: ' hello ' }] },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: { role: 'assistant', content: 'Hi there.' } });
      expect(t.assistant.requests.at(-1)).toMatchObject({
        channel: 'test-chat',
        userText: 'hello',
        history: [{ role: 'user', content: 'first' }, { role: 'assistant', content: 'ok' }],
      });
      for (const payload of [{}, { messages: [] }, { messages: [{ role: 'assistant', content: 'x' }] }, { messages: [{ role: 'system', content: 'x' }] }]) {
        const refused = await t.app.inject({ method: 'POST', url: '/api/ai-test-chat', payload });
        expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const tooLong = await t.app.inject({ method: 'POST', url: '/api/ai-test-chat', payload: { messages: [{ role: 'user', content: 'a'.repeat(4001) }] } });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().code).toBe('message_too_long');

      t.assistant.respond = async function* () {
        yield* [];
        throw new Error('boom');
      };
      const failed = await t.app.inject({ method: 'POST', url: '/api/ai-test-chat', payload: { messages: [{ role: 'user', content: 'hi' }] } });
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toEqual({ code: 'assistant_failed', message: CHAT_ERROR_TEXT });
    });
  });

  describe(`keeping an anonymous conversation after signing in, on ${target.dialect}`, () => {
    let t: ChatTestApp;
    beforeAll(async () => {
      t = await startChatApp(target);
    });
    afterAll(async () => {
      await t.close();
    });
    afterEach(() => {
      t.assistant.respond = replyWith([{ type: 'delta', text: 'Hello from Ellis.' }]);
    });

    const anonymous = async (): Promise<PublicSession> => (await t.app.inject({ method: 'POST', url: '/api/chat/session' })).json();
    const say = async (session: PublicSession, content: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/chat/conversations/${session.conversation.id}/messages`,
        headers: { 'x-conversation-token': session.token },
        payload: { content },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const adopt = (id: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/chat/conversations/${id}/adopt`, headers, payload: {} });
    const publicState = async (id: string) => ({
      conversation: await t.database.db.selectFrom('public_conversations').select(['id', 'provider_chat_id']).where('id', '=', id).executeTakeFirst(),
      messages: await t.database.db.selectFrom('public_messages').select(['id', 'sender', 'content']).where('conversation_id', '=', id).orderBy('created_at').orderBy('id').execute(),
    });
    const conversationsOf = (userId: string) =>
      t.database.db.selectFrom('conversations').select(['id', 'provider_chat_id', 'created_at']).where('user_profile_id', '=', userId).orderBy('created_at').orderBy('id').execute();
    const privateMessages = (id: string) =>
      t.database.db.selectFrom('messages').select(['id', 'sender', 'content', 'created_at']).where('conversation_id', '=', id).orderBy('created_at').orderBy('id').execute();

    it('bounded: a conversation takes at most 1,000 messages, an account keeps at most 50 conversations', async () => {
      const anon = await anonymous();
      const at = anon.conversation.created_at;
      const filler = Array.from({ length: MAX_MESSAGES_PER_CONVERSATION - 3 }, (_, index) => ({
        id: randomUUID(),
        conversation_id: anon.conversation.id,
        sender: (index % 2 === 0 ? 'user' : 'ai') as 'user' | 'ai',
        content: `filler ${index}`,
        created_at: at,
      }));
      for (let offset = 0; offset < filler.length; offset += 200) {
        await t.database.db.insertInto('public_messages').values(filler.slice(offset, offset + 200)).execute();
      }
      await say(anon, 'The last message that fits, with its reply.');
      expect((await publicState(anon.conversation.id)).messages).toHaveLength(MAX_MESSAGES_PER_CONVERSATION);
      const full = await t.app.inject({
        method: 'POST',
        url: `/api/chat/conversations/${anon.conversation.id}/messages`,
        headers: { 'x-conversation-token': anon.token },
        payload: { content: 'One more.' },
      });
      expect(full.statusCode).toBe(409);
      expect(full.json()).toEqual({ code: 'conversation_full', message: 'This conversation has reached its length limit. Delete it to start a new one.' });
      expect((await publicState(anon.conversation.id)).messages).toHaveLength(MAX_MESSAGES_PER_CONVERSATION);

      const hoarder = await signUp(t.app);
      await t.database.db
        .insertInto('conversations')
        .values(Array.from({ length: MAX_CONVERSATIONS_PER_USER }, () => ({ id: randomUUID(), user_profile_id: hoarder.user.id, provider_chat_id: null, created_at: at })))
        .execute();
      const another = await anonymous();
      await say(another, 'Please keep this one.');
      const refused = await adopt(another.conversation.id, { ...bearer(hoarder.access_token), 'x-conversation-token': another.token });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('conversation_limit_reached');
      expect(await conversationsOf(hoarder.user.id)).toHaveLength(MAX_CONVERSATIONS_PER_USER);
    });

    it('the right token: a new private conversation, greeting by name, with every later message in order; the public one is gone', async () => {
      const gina = await signUp(t.app, 'gina_adopts');
      const older = (await t.app.inject({ method: 'POST', url: '/api/chat/session', headers: bearer(gina.access_token) })).json() as PrivateSession;
      t.clock.advance(1000);

      const anon = await anonymous();
      t.assistant.respond = replyWith([{ type: 'chat-id', chatId: 'provider-chat-9' }, { type: 'delta', text: 'I hear you.' }]);
      await say(anon, 'I slept in my car last night');
      // Same millisecond on purpose: the order must come from the ids, not only the times.
      t.assistant.respond = replyWith([{ type: 'delta', text: 'Shelters open at 6 pm.' }]);
      await say(anon, 'Where can I go tonight?');
      t.clock.advance(5000);

      const response = await adopt(anon.conversation.id, { ...bearer(gina.access_token), 'x-conversation-token': anon.token });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json() as PrivateSession;
      expect(body).toEqual({
        conversation: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), kind: 'private', created_at: new Date(t.clock.now()).toISOString() },
        messages: [
          { id: expect.any(String), sender: 'ai', content: FAKE_PRIVATE_WELCOME('gina_adopts'), created_at: anon.conversation.created_at },
          { id: expect.any(String), sender: 'user', content: 'I slept in my car last night', created_at: anon.conversation.created_at },
          { id: expect.any(String), sender: 'ai', content: 'I hear you.', created_at: anon.conversation.created_at },
          { id: expect.any(String), sender: 'user', content: 'Where can I go tonight?', created_at: anon.conversation.created_at },
          { id: expect.any(String), sender: 'ai', content: 'Shelters open at 6 pm.', created_at: anon.conversation.created_at },
        ],
        provider: 'fake',
      });
      expect(body.conversation.id).not.toBe(anon.conversation.id);

      expect(await publicState(anon.conversation.id)).toEqual({ conversation: undefined, messages: [] });
      const stored = await privateMessages(body.conversation.id);
      expect(stored).toEqual(body.messages);
      expect(await conversationsOf(gina.user.id)).toEqual([
        { id: older.conversation.id, provider_chat_id: null, created_at: older.conversation.created_at },
        { id: body.conversation.id, provider_chat_id: 'provider-chat-9', created_at: body.conversation.created_at },
      ]);
      // It is now the latest: the signed-in session opens it, and the old token opens nothing.
      const session = (await t.app.inject({ method: 'POST', url: '/api/chat/session', headers: bearer(gina.access_token) })).json() as PrivateSession;
      expect(session.conversation.id).toBe(body.conversation.id);
      expect(session.messages).toEqual(body.messages);
      const old = await t.app.inject({ method: 'GET', url: `/api/chat/conversations/${anon.conversation.id}/messages`, headers: { 'x-conversation-token': anon.token } });
      expect(old.statusCode).toBe(404);
      expect((await adopt(anon.conversation.id, { ...bearer(gina.access_token), 'x-conversation-token': anon.token })).statusCode).toBe(404);
      expect((await conversationsOf(gina.user.id)).length).toBe(2);
    });

    it('a wrong, missing or foreign token, an unknown id or an expired conversation: 404 and nothing changes', async () => {
      const hank = await signUp(t.app);
      const anon = await anonymous();
      await say(anon, 'hello');
      const other = await anonymous();
      const before = await publicState(anon.conversation.id);
      const asHank = bearer(hank.access_token);
      const refusals: Array<[string, string, Record<string, string>]> = [
        ['wrong token', anon.conversation.id, { ...asHank, 'x-conversation-token': 'not-the-token' }],
        ['no token', anon.conversation.id, asHank],
        ["another conversation's token", anon.conversation.id, { ...asHank, 'x-conversation-token': other.token }],
        ['unknown id', '0190a8c4-1111-7222-8333-444455556666', { ...asHank, 'x-conversation-token': anon.token }],
        ['not a uuid', 'nope', { ...asHank, 'x-conversation-token': anon.token }],
      ];
      for (const [what, id, headers] of refusals) {
        const response = await adopt(id, headers);
        expect(`${what} → ${response.statusCode}`).toBe(`${what} → 404`);
        expect(response.json()).toEqual({ code: 'conversation_not_found', message: 'Conversation not found.' });
      }
      expect(await publicState(anon.conversation.id)).toEqual(before);
      expect(await conversationsOf(hank.user.id)).toEqual([]);

      t.clock.advance(PUBLIC_CONVERSATION_LIFETIME_MS);
      // Hank's access token has expired too by now: someone signed in a day later.
      const later = await signUp(t.app);
      const expired = await adopt(anon.conversation.id, { ...bearer(later.access_token), 'x-conversation-token': anon.token });
      expect(expired.statusCode).toBe(404);
      expect(await publicState(anon.conversation.id)).toEqual(before);
      expect(await conversationsOf(later.user.id)).toEqual([]);
    });

    it('an anonymous caller holding the token gets 401, and the conversation stays', async () => {
      const anon = await anonymous();
      await say(anon, 'hello');
      const before = await publicState(anon.conversation.id);
      const response = await adopt(anon.conversation.id, { 'x-conversation-token': anon.token });
      expect(response.statusCode).toBe(401);
      expect(await publicState(anon.conversation.id)).toEqual(before);
    });

    it('a conversation where the person wrote nothing is only deleted: 204, no private conversation', async () => {
      const ivy = await signUp(t.app);
      const anon = await anonymous();
      const response = await adopt(anon.conversation.id, { ...bearer(ivy.access_token), 'x-conversation-token': anon.token });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(await publicState(anon.conversation.id)).toEqual({ conversation: undefined, messages: [] });
      expect(await conversationsOf(ivy.user.id)).toEqual([]);
    });

    it('two adoptions at once: one wins, the other is 404, and only one copy exists', async () => {
      const jo = await signUp(t.app);
      const anon = await anonymous();
      await say(anon, 'are you there?');
      const headers = { ...bearer(jo.access_token), 'x-conversation-token': anon.token };
      const statuses = (await Promise.all([adopt(anon.conversation.id, headers), adopt(anon.conversation.id, headers)])).map((r) => r.statusCode);
      expect(statuses.sort()).toEqual([200, 404]);
      const conversations = await conversationsOf(jo.user.id);
      expect(conversations.length).toBe(1);
      expect((await privateMessages(conversations[0]!.id)).map((message) => message.content)).toEqual([
        FAKE_PRIVATE_WELCOME(jo.user.user_metadata.username),
        'are you there?',
        'Hello from Ellis.',
      ]);
    });
  });

  describe(`chat limits and expiry on ${target.dialect}`, () => {
    let t: ChatTestApp;
    beforeAll(async () => {
      t = await startChatApp(target, {
        chat: {
          rateLimits: { messagePerUser: { limit: 2, windowMs: 60_000 }, messagePerIp: { limit: 4, windowMs: 60_000 } },
          purgeIntervalMs: 20,
        },
      });
    });
    afterAll(async () => {
      await t.close();
    });

    it('per-user and per-IP message limits answer 429 with a friendly text naming the crisis lines', async () => {
      const erin = await signUp(t.app);
      const session = (await t.app.inject({ method: 'POST', url: '/api/chat/session', headers: bearer(erin.access_token) })).json() as PrivateSession;
      const sendAsErin = () => t.app.inject({ method: 'POST', url: `/api/chat/conversations/${session.conversation.id}/messages`, headers: bearer(erin.access_token), payload: { content: 'hi' } });
      expect((await sendAsErin()).statusCode).toBe(200);
      expect((await sendAsErin()).statusCode).toBe(200);
      const limited = await sendAsErin();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ code: 'over_request_rate_limit', message: CHAT_RATE_LIMITED_TEXT });
      expect(CHAT_RATE_LIMITED_TEXT).toContain('988');
      expect(limited.headers['retry-after']).toBe('60');

      const anon = (await t.app.inject({ method: 'POST', url: '/api/chat/session' })).json() as PublicSession;
      const sendAnon = () => t.app.inject({ method: 'POST', url: `/api/chat/conversations/${anon.conversation.id}/messages`, headers: { 'x-conversation-token': anon.token }, payload: { content: 'hi' } });
      // The IP has used 2 of its 4 (plus the refused third, which counted against the user first).
      expect((await sendAnon()).statusCode).toBe(200);
      expect((await sendAnon()).statusCode).toBe(200);
      expect((await sendAnon()).statusCode).toBe(429);
      t.clock.advance(60_000);
      expect((await sendAnon()).statusCode).toBe(200);
    });

    it('the purge job deletes expired public conversations and their messages, and only those', async () => {
      const old = (await t.app.inject({ method: 'POST', url: '/api/chat/session' })).json() as PublicSession;
      t.clock.advance(60 * 60 * 1000);
      const recent = (await t.app.inject({ method: 'POST', url: '/api/chat/session' })).json() as PublicSession;
      t.clock.advance(PUBLIC_CONVERSATION_LIFETIME_MS - 60 * 60 * 1000);
      const count = (id: string) =>
        t.database.db.selectFrom('public_messages').select((eb) => eb.fn.countAll<string | number>().as('n')).where('conversation_id', '=', id).executeTakeFirstOrThrow();
      await waitFor(async () => {
        const row = await t.database.db.selectFrom('public_conversations').select('id').where('id', '=', old.conversation.id).executeTakeFirst();
        return row ? undefined : true;
      }, 'the purge');
      expect(Number((await count(old.conversation.id)).n)).toBe(0);
      expect(Number((await count(recent.conversation.id)).n)).toBe(1);
      const kept = await t.database.db.selectFrom('public_conversations').select('id').where('id', '=', recent.conversation.id).executeTakeFirst();
      expect(kept).toEqual({ id: recent.conversation.id });
    });
  });
}

describe('chat stream heartbeat', () => {
  it('writes a comment line every heartbeat interval while the reply is quiet', async () => {
    const [sqlite] = testDatabaseTargets();
    const assistant = new FakeAssistant();
    const t = await startChatApp(sqlite!, { assistant, chat: { heartbeatIntervalMs: 30 } });
    const hold = gate();
    assistant.respond = replyThenWait([], hold, { after: [{ type: 'delta', text: 'ok' }] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = t.app.server.address() as AddressInfo;
      const session = (await (await fetch(`http://127.0.0.1:${port}/api/chat/session`, { method: 'POST' })).json()) as PublicSession;
      const response = await fetch(`http://127.0.0.1:${port}/api/chat/conversations/${session.conversation.id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-conversation-token': session.token },
        body: JSON.stringify({ content: 'hello' }),
      });
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      while ((text.match(/: heartbeat\n\n/g) ?? []).length < 2) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      hold.open();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      expect((text.match(/: heartbeat\n\n/g) ?? []).length).toBeGreaterThanOrEqual(2);
      expect(parseEvents(text).map((event) => event.event)).toEqual(['user', 'delta', 'done']);
    } finally {
      await t.close();
    }
  });
});
