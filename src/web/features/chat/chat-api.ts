/**
 * The chat endpoints (DESIGN §5.2) as the chat screen uses them. Public conversations send their
 * token in X-Conversation-Token; private ones the access token. The reply is read from a POST's
 * text/event-stream with fetch and a ReadableStream (EventSource can only GET).
 */
import { ApiError, NETWORK_ERROR_MESSAGE, api, apiResponse } from '../../lib/api-client.ts';
import { requestLocale } from '../../lib/request-locale.ts';
import { CONVERSATION_TOKEN_HEADER, RISK_LEVEL_HEADER } from '../../../shared/chat-limits.ts';
import { ServerSentEventParser, type ChatStreamEvent } from '../../../shared/chat-events.ts';
import type { ChatMessage, ChatRiskLevel, ChatSessionResponse } from '../../../shared/chat-api.ts';

/** Which conversation, and what proves access to it. */
export interface ConversationAccess {
  id: string;
  /** The public conversation's token; null for a signed-in user's own. */
  token: string | null;
}

/**
 * Signed in: the user's latest conversation. Anonymous: a new public one — sent without a bearer
 * token, so a session still waiting for its second factor does not turn it into a 403.
 */
export function startChatSession(signedIn: boolean): Promise<ChatSessionResponse> {
  return api.post<ChatSessionResponse>('/api/chat/session', requestLocale(), { auth: signedIn, timeoutMs: 15_000 });
}

/**
 * A conversation call: a public conversation proves access with its token; a signed-in user's own
 * (or adopting, which needs both) with the access token, refreshed once after a 401 by the client.
 */
function conversationRequest(
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
): Promise<Response> {
  return apiResponse(path, {
    method: init.method,
    body: init.body,
    auth: Boolean(init.asUser) || !init.access.token,
    headers: init.access.token ? { [CONVERSATION_TOKEN_HEADER]: init.access.token } : {},
    ...(init.signal ? { signal: init.signal } : {}),
    ...(init.accept ? { accept: init.accept } : {}),
  });
}

const conversationPath = (id: string) => `/api/chat/conversations/${encodeURIComponent(id)}`;

const RISK_LEVELS: readonly ChatRiskLevel[] = ['none', 'concern', 'crisis', 'immediate-danger'];

/** The messages, oldest first, and the risk level the server stored with the conversation (none when it sent none). */
export async function fetchMessages(access: ConversationAccess): Promise<{ messages: ChatMessage[]; riskLevel: ChatRiskLevel }> {
  const response = await conversationRequest(`${conversationPath(access.id)}/messages`, { method: 'GET', access });
  const stored = response.headers.get(RISK_LEVEL_HEADER) as ChatRiskLevel | null;
  return { messages: (await response.json()) as ChatMessage[], riskLevel: stored && RISK_LEVELS.includes(stored) ? stored : 'none' };
}

export async function deleteConversation(access: ConversationAccess): Promise<void> {
  await conversationRequest(conversationPath(access.id), { method: 'DELETE', access });
}

/**
 * Moves the anonymous conversation `access` names into the signed-in user's account
 * (docs/decisions/042-keep-an-anonymous-chat-after-sign-in.md). Null when there was nothing to keep
 * (the server only deleted it).
 */
export async function adoptConversation(access: ConversationAccess): Promise<ChatSessionResponse | null> {
  const response = await conversationRequest(`${conversationPath(access.id)}/adopt`, { method: 'POST', access, body: requestLocale(), asUser: true });
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
  options: { signal: AbortSignal },
): Promise<void> {
  const response = await conversationRequest(`${conversationPath(access.id)}/messages`, {
    method: 'POST',
    access,
    body: { content, ...requestLocale() },
    signal: options.signal,
    accept: 'text/event-stream',
  });
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
