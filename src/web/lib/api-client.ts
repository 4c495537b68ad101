/**
 * The browser's fetch wrapper for Ellis's own API (DESIGN §5): JSON in and out, the access token of
 * the in-memory session as a bearer credential, and one error type for both error shapes the server
 * uses — `{code, error_code, msg}` under /auth/v1 and `{code, message}` everywhere else.
 *
 * The access token lives only in this module's memory. Nothing auth-related is ever written to
 * localStorage or sessionStorage; the refresh token is an HttpOnly cookie the page never sees.
 */

/** Sent with every request: the server then keeps the refresh token in an HttpOnly cookie. */
export const CLIENT_INFO_HEADER = 'X-Client-Info';
export const CLIENT_INFO = 'ellis-web';

/** Shown when the request never reached the server (the browser's own text is not helpful). */
export const NETWORK_ERROR_MESSAGE = 'Could not reach Ellis. Check your connection and try again.';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got an answer (offline, aborted, timed out). */
  readonly status: number;
  /** The server's machine-readable code (`error_code` or `code`), when it sent one. */
  readonly code: string | null;
  readonly body: unknown;

  constructor(status: number, message: string, code: string | null = null, body: unknown = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }

  /** True when trying again later may help: no answer, rate limit, or a server/gateway failure. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 408 || this.status === 429 || this.status >= 500;
  }
}

let accessToken: string | null = null;

export function setAccessToken(token: string | null): void {
  accessToken = token;
}

export function getAccessToken(): string | null {
  return accessToken;
}

/**
 * Called once when an authenticated request comes back 401, to get a fresh access token (the auth
 * provider refreshes the session through the cookie). Returns the new token, or null when signed out.
 */
type UnauthorizedHandler = () => Promise<string | null>;
let unauthorizedHandler: UnauthorizedHandler | null = null;

export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Use this token instead of the current one (for a session not yet made current). */
  token?: string | null;
  signal?: AbortSignal;
  /** Aborts the request after this many milliseconds (status 0 error). */
  timeoutMs?: number;
  /** The Accept header (default JSON; a stream asks for text/event-stream). */
  accept?: string;
  /** More headers (a public conversation's token). */
  headers?: Record<string, string>;
}

function messageFrom(body: unknown, fallback: string): { message: string; code: string | null } {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const text = [record.msg, record.message, record.error_description, record.error].find(
      (value): value is string => typeof value === 'string' && value.trim() !== '',
    );
    const code = [record.error_code, record.code].find((value): value is string => typeof value === 'string') ?? null;
    return { message: text ?? fallback, code };
  }
  return { message: fallback, code: null };
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, Accept: options.accept ?? 'application/json', [CLIENT_INFO_HEADER]: CLIENT_INFO };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  const signals: AbortSignal[] = [];
  if (options.signal) signals.push(options.signal);
  if (options.timeoutMs) signals.push(AbortSignal.timeout(options.timeoutMs));
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      cache: 'no-store',
      signal: signals.length === 0 ? undefined : signals.length === 1 ? signals[0] : AbortSignal.any(signals),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ApiError(0, 'The server took too long to answer');
    }
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
}

/**
 * Makes a request and returns the response when it is OK (for a stream or a 204), or throws
 * ApiError with the server's status, code and message.
 */
export async function apiResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  const useAuth = options.auth ?? true;
  const token = useAuth ? (options.token !== undefined ? options.token : accessToken) : null;
  let response = await send(path, options, token);

  // An expired access token (a tab left open): refresh once through the cookie, then retry.
  if (response.status === 401 && useAuth && options.token === undefined && token && unauthorizedHandler) {
    const fresh = await unauthorizedHandler().catch(() => null);
    if (fresh && fresh !== token) response = await send(path, options, fresh);
  }
  if (response.ok) return response;

  const body = parseBody(await response.text().catch(() => ''));
  // No message from the server leaves it empty: the screen then shows its own fallback text.
  const { message, code } = messageFrom(body, '');
  throw new ApiError(response.status, message, code, body);
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Makes a request and returns the parsed JSON body (undefined for 204), or throws ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiResponse(path, options);
  return parseBody(response.status === 204 ? '' : await response.text().catch(() => '')) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = void>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', ...(body === undefined ? {} : { body }) }),
};
