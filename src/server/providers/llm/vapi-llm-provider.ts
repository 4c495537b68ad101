import { LlmError, type LlmEvent, type LlmProvider, type LlmRequest } from './llm-provider.ts';
import { guardStream, isNetworkError } from './stream-guard.ts';
import { parseJsonOrNull, sseDataLines } from './sse-data-lines.ts';

export interface VapiLlmOptions {
  apiKey: string;
  assistantId: string;
  /** For example https://api.vapi.ai (no trailing /chat). */
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/**
 * The voice platform's /chat endpoint as SPEC §7 "Chat provider" describes it. Vapi keeps the
 * conversation on its side, so only the new user text is sent, with the chat id of the previous
 * reply; the persona and instructions live in the Vapi assistant's own configuration (decision 011).
 */
export function createVapiLlmProvider(options: VapiLlmOptions): LlmProvider {
  const fetchImpl = options.fetch ?? fetch;
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat`;
  return {
    name: 'vapi',
    stream(request: LlmRequest): AsyncIterable<LlmEvent> {
      return guardStream(
        async function* (signal) {
          const input = lastUserText(request);
          const body: Record<string, unknown> = { assistantId: options.assistantId, input, stream: true };
          if (request.previousChatId) body.previousChatId = request.previousChatId;
          const response = await fetchImpl(endpoint, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${options.apiKey}`,
              'content-type': 'application/json',
              accept: 'text/event-stream',
            },
            body: JSON.stringify(body),
            signal,
          });
          if (!response.ok) {
            await response.body?.cancel();
            throw new LlmError('unavailable', 'status', `Vapi answered ${response.status}`, { status: response.status });
          }
          if (!response.body) throw new LlmError('unavailable', 'no-body', 'Vapi sent no stream');
          let chatIdSent = false;
          for await (const line of sseDataLines(response.body)) {
            const event = parseJsonOrNull(line);
            if (!isRecord(event)) continue;
            if (!chatIdSent && typeof event.id === 'string' && event.id !== '') {
              chatIdSent = true;
              yield { type: 'chat-id', chatId: event.id };
            }
            if (typeof event.path === 'string' && typeof event.delta === 'string') {
              yield { type: 'delta', text: event.delta };
            }
          }
        },
        { signal: request.signal, timeoutMs: options.timeoutMs, classify: classifyFetchError },
      );
    },
  };
}

function lastUserText(request: LlmRequest): string {
  for (let index = request.messages.length - 1; index >= 0; index -= 1) {
    const message = request.messages[index];
    if (message?.role === 'user') return message.content;
  }
  throw new LlmError('failed', 'unexpected', 'A chat request needs a user message');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function classifyFetchError(error: unknown): LlmError {
  if (isNetworkError(error)) return new LlmError('unavailable', 'network', 'The provider could not be reached', { cause: error });
  return new LlmError('failed', 'unexpected', 'The provider call failed', { cause: error });
}
