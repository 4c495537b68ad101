import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { createOpenAiClient, describeOpenAiFailure } from '../openai-compatible.ts';
import { LlmError, type LlmEvent, type LlmProvider, type LlmRequest } from './llm-provider.ts';
import { guardStream, isNetworkError } from './stream-guard.ts';
import { parseJsonOrNull, sseDataLines } from './sse-data-lines.ts';

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
  const client = createOpenAiClient(options);
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
  const failure = describeOpenAiFailure(error, isNetworkError);
  switch (failure.reason) {
    case 'timeout':
      return new LlmError('unavailable', 'timeout', 'The model server did not answer in time', { cause: error });
    case 'unreachable':
      return new LlmError('unavailable', 'network', 'The model server could not be reached', { cause: error });
    case 'status':
      return new LlmError('unavailable', 'status', `The model server answered ${failure.status}`, { status: failure.status, cause: error });
    case 'unexpected':
      return new LlmError('failed', 'unexpected', 'The model call failed', { cause: error });
  }
}
