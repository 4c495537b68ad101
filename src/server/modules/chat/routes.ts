import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import { bearerToken, currentUser, requireUser } from '../../plugins/authenticate.ts';
import { refusal, refusedWith, type ZodTypeProvider } from '../../plugins/route-contracts.ts';
import { anyIdParamsSchema, noContentSchema } from '../../../shared/api-contracts.ts';
import {
  chatEventStreamSchema,
  chatMessagesSchema,
  chatSendBodySchema,
  chatSessionBodySchema,
  chatSessionResponseSchema,
  testChatBodySchema,
  testChatReplySchema,
} from '../../../shared/chat-api.ts';
import { formatServerSentEvent } from '../../../shared/chat-events.ts';
import { CONVERSATION_TOKEN_HEADER, RISK_LEVEL_HEADER } from '../../../shared/chat-limits.ts';
import type { ChatAccess, ChatService } from './service.ts';

/** DESIGN §5.2: a comment line this often keeps proxies and phones from closing a quiet stream. */
export const HEARTBEAT_INTERVAL_MS = 15_000;

const TOKEN_HEADER = CONVERSATION_TOKEN_HEADER.toLowerCase();

/** A public conversation's token, or the signed-in caller (private ones); neither → 401. */
async function chatAccess(request: FastifyRequest, reply: FastifyReply): Promise<ChatAccess> {
  reply.header('Cache-Control', 'no-store');
  const token = request.headers[TOKEN_HEADER];
  if (typeof token === 'string' && token.trim() !== '') return { kind: 'token', token: token.trim() };
  await requireUser(request, reply);
  return { kind: 'user', userId: currentUser(request).id };
}

/** Headers the hijacked stream must carry itself (onSend hooks do not run for it). */
function streamHeaders(reply: FastifyReply): Record<string, string | number | string[]> {
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = value;
  }
  return {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    'permissions-policy': 'microphone=(self), camera=(), geolocation=(), payment=(), usb=()',
  };
}

// Any refusal of a message body reads the same: there is nothing to send.
const sendBodySchema = refusedWith(chatSendBodySchema, () => new AppError(400, 'empty_message', 'Write a message first.'));
const testChatBody = refusedWith(testChatBodySchema, refusal(400, 'invalid_messages', 'Send messages: a list of {role, content}.'));

/**
 * Conversation ids are read as text: whether one names anything is decided after the caller's
 * access is known (a 401 before a 404), by the service.
 */
const params = anyIdParamsSchema;

export async function chatRoutes(
  fastify: FastifyInstance,
  { chat, heartbeatIntervalMs = HEARTBEAT_INTERVAL_MS }: { chat: ChatService; heartbeatIntervalMs?: number },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The access of a message post is settled before its body is checked (401 before 400).
  const accessOf = new WeakMap<FastifyRequest, ChatAccess>();

  const sessionSchema = {
    summary: 'Open the chat: my latest conversation when signed in, else a new public one with its token.',
    body: chatSessionBodySchema,
    response: { 200: chatSessionResponseSchema },
  };
  app.post('/api/chat/session', { schema: sessionSchema }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    // Public: a bearer token makes it the signed-in user's session; a bad one is a 401 to refresh.
    let userId: string | null = null;
    if (bearerToken(request)) {
      await requireUser(request, reply);
      userId = currentUser(request).id;
    }
    return chat.startSession(userId, request.ip, request.body.locale ?? null);
  });

  const messagesSchema = {
    summary: 'The messages of a conversation (its token, or signed in); the stored risk level, when there is one, in a header.',
    params,
    response: { 200: chatMessagesSchema },
  };
  // The body stays the list DESIGN §5.2 names; the stored risk level rides in a header.
  app.get('/api/chat/conversations/:id/messages', { schema: messagesSchema }, async (request, reply) => {
    const { messages, risk_level } = await chat.listMessages(await chatAccess(request, reply), request.params.id);
    if (risk_level) reply.header(RISK_LEVEL_HEADER, risk_level);
    return messages;
  });

  const removeSchema = { summary: 'Delete a conversation.', params, response: { 204: noContentSchema } };
  app.delete('/api/chat/conversations/:id', { schema: removeSchema }, async (request, reply) => {
    await chat.deleteConversation(await chatAccess(request, reply), request.params.id);
    return reply.status(204).send();
  });

  // Signed in, with the public conversation's token: that conversation becomes the caller's own.
  const adoptSchema = {
    summary: 'Keep the public conversation I hold the token for as my own, after signing in.',
    params,
    body: chatSessionBodySchema,
    response: { 200: chatSessionResponseSchema, 204: noContentSchema },
  };
  app.post('/api/chat/conversations/:id/adopt', { schema: adoptSchema }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    await requireUser(request, reply);
    const token = request.headers[TOKEN_HEADER];
    const conversationToken = typeof token === 'string' ? token.trim() : '';
    const adopted = await chat.adoptConversation(currentUser(request).id, request.params.id, conversationToken, request.ip, request.body.locale ?? null);
    if (!adopted) return reply.status(204).send();
    return adopted;
  });

  const sendSchema = {
    summary: 'Send a message; the reply streams back as server-sent events.',
    params,
    body: sendBodySchema,
    produces: 'text/event-stream',
    response: { 200: chatEventStreamSchema },
  };
  const settleAccess = async (request: FastifyRequest, reply: FastifyReply) => {
    accessOf.set(request, await chatAccess(request, reply));
  };
  app.post('/api/chat/conversations/:id/messages', { preValidation: settleAccess, schema: sendSchema }, async (request, reply) => {
    const access = accessOf.get(request)!;
    const abort = new AbortController();
    // Refusals (bad input, rate limit, no access) are thrown here and answered as JSON.
    const prepared = await chat.beginSend(access, request.params.id, request.body.content, request.ip, abort.signal, request.body.locale ?? null);

    reply.hijack();
    const raw = reply.raw;
    const onClose = () => {
      if (!raw.writableEnded) abort.abort();
    };
    raw.on('close', onClose);
    if (raw.destroyed) abort.abort();
    raw.writeHead(200, streamHeaders(reply));
    raw.flushHeaders();
    const heartbeat = setInterval(() => {
      if (!raw.destroyed) raw.write(': heartbeat\n\n');
    }, heartbeatIntervalMs);
    try {
      for await (const event of prepared.events) {
        if (!raw.destroyed) raw.write(formatServerSentEvent(event));
      }
    } catch (error) {
      request.log.error({ err: error }, 'chat stream failed');
    } finally {
      clearInterval(heartbeat);
      raw.off('close', onClose);
      if (!raw.destroyed) raw.end();
    }
  });

  const testChatSchema = {
    summary: 'The whole reply to a conversation sent at once, nothing stored (testing).',
    body: testChatBody,
    response: { 200: testChatReplySchema },
  };
  app.post('/api/ai-test-chat', { schema: testChatSchema }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const abort = new AbortController();
    const onClose = () => {
      if (!reply.raw.writableEnded) abort.abort();
    };
    reply.raw.on('close', onClose);
    try {
      return await chat.testChat(request.body.messages, request.ip, abort.signal, request.body.locale ?? null);
    } finally {
      reply.raw.off('close', onClose);
    }
  });
}
