import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, currentUser, requireUser } from '../../plugins/authenticate.ts';
import { CONVERSATION_TOKEN_HEADER } from '../../../shared/chat-limits.ts';
import { formatServerSentEvent } from '../../../shared/chat-events.ts';
import type { ChatAccess, ChatService } from './service.ts';

/** DESIGN §5.2: a comment line this often keeps proxies and phones from closing a quiet stream. */
export const HEARTBEAT_INTERVAL_MS = 15_000;

type WithId = { Params: { id: string } };

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

export async function chatRoutes(
  app: FastifyInstance,
  { chat, heartbeatIntervalMs = HEARTBEAT_INTERVAL_MS }: { chat: ChatService; heartbeatIntervalMs?: number },
): Promise<void> {
  app.post('/api/chat/session', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    // Public: a bearer token makes it the signed-in user's session; a bad one is a 401 to refresh.
    let userId: string | null = null;
    if (bearerToken(request)) {
      await requireUser(request, reply);
      userId = currentUser(request).id;
    }
    return chat.startSession(userId, request.ip);
  });

  app.get<WithId>('/api/chat/conversations/:id/messages', async (request, reply) =>
    chat.listMessages(await chatAccess(request, reply), request.params.id),
  );

  app.delete<WithId>('/api/chat/conversations/:id', async (request, reply) => {
    await chat.deleteConversation(await chatAccess(request, reply), request.params.id);
    return reply.status(204).send();
  });

  // Signed in, with the public conversation's token: that conversation becomes the caller's own.
  app.post<WithId>('/api/chat/conversations/:id/adopt', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    await requireUser(request, reply);
    const token = request.headers[TOKEN_HEADER];
    const adopted = await chat.adoptConversation(currentUser(request).id, request.params.id, typeof token === 'string' ? token.trim() : '', request.ip);
    if (!adopted) return reply.status(204).send();
    return adopted;
  });

  app.post<WithId>('/api/chat/conversations/:id/messages', async (request, reply) => {
    const access = await chatAccess(request, reply);
    const abort = new AbortController();
    // Refusals (bad input, rate limit, no access) are thrown here and answered as JSON.
    const prepared = await chat.beginSend(access, request.params.id, request.body, request.ip, abort.signal);

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

  app.post('/api/ai-test-chat', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const abort = new AbortController();
    const onClose = () => {
      if (!reply.raw.writableEnded) abort.abort();
    };
    reply.raw.on('close', onClose);
    try {
      return await chat.testChat(request.body, request.ip, abort.signal);
    } finally {
      reply.raw.off('close', onClose);
    }
  });
}
