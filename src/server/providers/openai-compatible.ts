import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';

/**
 * The one client for every OpenAI-compatible server Ellis talks to (DESIGN §2): chat completions
 * (llm/), transcriptions (stt/) and speech (tts/). OpenAI itself, or a local server (Ollama, vLLM,
 * llama.cpp, faster-whisper, Kokoro, LocalAI…) at another base URL.
 */

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export interface OpenAiCompatibleServer {
  /** Base URL including /v1, for example http://127.0.0.1:11434/v1; null for OpenAI itself. */
  baseUrl: string | null;
  /** Local servers usually need none. */
  apiKey: string | null;
  timeoutMs: number;
}

export function createOpenAiClient(server: OpenAiCompatibleServer): OpenAI {
  return new OpenAI({
    baseURL: server.baseUrl ?? OPENAI_DEFAULT_BASE_URL,
    // The SDK insists on a key; OpenAI-compatible local servers ignore it.
    apiKey: server.apiKey ?? 'no-key',
    // A retry would make a person in distress wait twice as long: the caller falls back at once instead.
    maxRetries: 0,
    timeout: server.timeoutMs,
    logLevel: 'off',
  });
}

/** Why a call to the server failed, in the words each adapter turns into its own error. */
export type OpenAiFailure =
  | { reason: 'timeout' }
  | { reason: 'unreachable' }
  | { reason: 'status'; status: number }
  | { reason: 'unexpected' };

export function describeOpenAiFailure(error: unknown, isNetworkError: (error: unknown) => boolean = () => false): OpenAiFailure {
  if (error instanceof APIConnectionTimeoutError) return { reason: 'timeout' };
  if (error instanceof APIConnectionError || isNetworkError(error)) return { reason: 'unreachable' };
  if (error instanceof APIError && typeof error.status === 'number') return { reason: 'status', status: error.status };
  return { reason: 'unexpected' };
}
