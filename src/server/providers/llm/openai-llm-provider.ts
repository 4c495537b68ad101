import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { LlmError, type LlmEvent, type LlmProvider, type LlmRequest } from './llm-provider.ts';
import { guardStream, isNetworkError } from './stream-guard.ts';
import { parseJsonOrNull, sseDataLines } from './sse-data-lines.ts';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export interface OpenAiLlmOptions {
  /** Any OpenAI-compatible server: OpenAI, Ollama, vLLM, llama.cpp, LM Studio, Groq, OpenRouter… */
  baseUrl: string | null;
  /** Local servers usually need none. */
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

/**
 * Streaming chat completions through the openai SDK. The SDK builds and sends the request and turns
 * error statuses into typed errors; the event stream is read line by line here (via `asResponse`)
 * so a line that is not JSON is skipped, as with Vapi, instead of failing the whole reply (decision 011).
 */
export function createOpenAiLlmProvider(options: OpenAiLlmOptions): LlmProvider {
  const client = new OpenAI({
    baseURL: options.baseUrl ?? OPENAI_DEFAULT_BASE_URL,
    // The SDK insists on a key; OpenAI-compatible local servers ignore it.
    apiKey: options.apiKey ?? 'no-key',
    // A retry would make a person in distress wait twice as long; the guide answers at once instead.
    maxRetries: 0,
    timeout: options.timeoutMs,
    logLevel: 'off',
  });
  return {
    name: 'openai',
    stream(request: LlmRequest): AsyncIterable<LlmEvent> {
      return guardStream(
        async function* (signal) {
          const response = await client.chat.completions
            .create(
              { model: options.model, messages: request.messages.map((message) => ({ ...message })), stream: true },
              { signal },
            )
            .asResponse();
          if (!response.body) throw new LlmError('unavailable', 'no-body', 'The model server sent no stream');
          for await (const line of sseDataLines(response.body)) {
            if (line.trim() === '[DONE]') return;
            const chunk = parseJsonOrNull(line) as Partial<ChatCompletionChunk> & { error?: unknown } | null;
            if (chunk === null || typeof chunk !== 'object') continue;
            if (chunk.error) throw new LlmError('unavailable', 'stream-error', 'The model server reported an error mid-stream');
            const text = chunk.choices?.[0]?.delta?.content;
            if (typeof text === 'string' && text !== '') yield { type: 'delta', text };
          }
        },
        { signal: request.signal, timeoutMs: options.timeoutMs, classify: classifyOpenAiError },
      );
    },
  };
}

function classifyOpenAiError(error: unknown): LlmError {
  if (error instanceof APIConnectionTimeoutError) {
    return new LlmError('unavailable', 'timeout', 'The model server did not answer in time', { cause: error });
  }
  if (error instanceof APIConnectionError || isNetworkError(error)) {
    return new LlmError('unavailable', 'network', 'The model server could not be reached', { cause: error });
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    return new LlmError('unavailable', 'status', `The model server answered ${error.status}`, { status: error.status, cause: error });
  }
  return new LlmError('failed', 'unexpected', 'The model call failed', { cause: error });
}
