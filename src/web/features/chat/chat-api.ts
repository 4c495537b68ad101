/**
 * The chat endpoints (DESIGN §5.2) as the chat screen uses them. Public conversations send their
 * token in X-Conversation-Token; private ones the access token. The reply is read from a POST's
 * text/event-stream with fetch and a ReadableStream (EventSource can only GET).
 */
import { ApiError, CLIENT_INFO, CLIENT_INFO_HEADER, NETWORK_ERROR_MESSAGE, api, getAccessToken } from '../../lib/api-client.ts';
import { CONVERSATION_TOKEN_HEADER } from '../../../shared/chat-limits.ts';
import {
  ServerSentEventParser,
  type ChatMessage,
  type ChatSessionResponse,
  type ChatStreamEvent,
} from '../../../shared/chat-events.ts';

/** Which conversation, and what proves access to it. */
export interface ConversationAccess {
  id: string;
  /** The public conversation's token; null for a signed-in user's own. */
  token: string | null;
}

/** Gets a fresh access token after a 401 (the auth controller's refresh), or null when signed out. */
export type RefreshAccessToken = () => Promise<string | null>;

/**
 * Signed in: the user's latest conversation. Anonymous: a new public one — sent without a bearer
 * token, so a session still waiting for its second factor does not turn it into a 403.
 */
export function startChatSession(signedIn: boolean): Promise<ChatSessionResponse> {
  return api.post<ChatSessionResponse>('/api/chat/session', {}, { auth: signedIn, timeoutMs: 15_000 });
}

async function chatFetch(
  path: string,
  init: {
    method: 'GET' | 'POST' | 'DELETE';
    access: ConversationAccess;
    body?: unknown;
    signal?: AbortSignal;
    accept?: string;
    /** Send the access token as well as the conversation's token (adopting needs both). */
    asUser?: boolean;
  },
  refresh: RefreshAccessToken,
): Promise<Response> {
  const attempt = (accessToken: string | null) => {
    const headers: Record<string, string> = { Accept: init.accept ?? 'application/json', [CLIENT_INFO_HEADER]: CLIENT_INFO };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    if (init.access.token) headers[CONVERSATION_TOKEN_HEADER] = init.access.token;
    if ((init.asUser || !init.access.token) && accessToken) headers.Authorization = `Bearer ${accessToken}`;
    return fetch(path, {
      method: init.method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      cache: 'no-store',
      signal: init.signal ?? null,
    });
  };
  let response: Response;
  try {
    const token = getAccessToken();
    response = await attempt(token);
    // A tab left open: the access token expired. Refresh once through the cookie, then retry.
    if (response.status === 401 && (init.asUser || !init.access.token) && token) {
      const fresh = await refresh().catch(() => null);
      if (fresh && fresh !== token) response = await attempt(fresh);
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    throw new ApiError(
      response.status,
      typeof record.message === 'string' ? record.message : '',
      typeof record.code === 'string' ? record.code : null,
      body,
    );
  }
  return response;
}

const conversationPath = (id: string) => `/api/chat/conversations/${encodeURIComponent(id)}`;

export async function fetchMessages(access: ConversationAccess, refresh: RefreshAccessToken): Promise<ChatMessage[]> {
  const response = await chatFetch(`${conversationPath(access.id)}/messages`, { method: 'GET', access }, refresh);
  return (await response.json()) as ChatMessage[];
}

export async function deleteConversation(access: ConversationAccess, refresh: RefreshAccessToken): Promise<void> {
  await chatFetch(conversationPath(access.id), { method: 'DELETE', access }, refresh);
}

/**
 * Moves the anonymous conversation `access` names into the signed-in user's account
 * (docs/decisions/042-keep-an-anonymous-chat-after-sign-in.md). Null when there was nothing to keep
 * (the server only deleted it).
 */
export async function adoptConversation(access: ConversationAccess, refresh: RefreshAccessToken): Promise<ChatSessionResponse | null> {
  const response = await chatFetch(`${conversationPath(access.id)}/adopt`, { method: 'POST', access, body: {}, asUser: true }, refresh);
  return response.status === 204 ? null : ((await response.json()) as ChatSessionResponse);
}

/**
 * Sends a message and calls `onEvent` for each streamed event until the stream ends. Refusals
 * (400, 404, 429…) throw ApiError before any event; a connection lost mid-reply throws ApiError 0.
 */
export async function sendMessage(
  access: ConversationAccess,
  content: string,
  onEvent: (event: ChatStreamEvent) => void,
  options: { signal: AbortSignal; refresh: RefreshAccessToken },
): Promise<void> {
  const response = await chatFetch(
    `${conversationPath(access.id)}/messages`,
    { method: 'POST', access, body: { content }, signal: options.signal, accept: 'text/event-stream' },
    options.refresh,
  );
  if (!response.body) throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new ServerSentEventParser();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const event of parser.push(value)) onEvent(event);
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
}

export interface TestChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export function sendTestChat(messages: TestChatTurn[], signal?: AbortSignal): Promise<{ message: TestChatTurn }> {
  return api.post<{ message: TestChatTurn }>('/api/ai-test-chat', { messages }, { auth: false, ...(signal ? { signal } : {}) });
}
