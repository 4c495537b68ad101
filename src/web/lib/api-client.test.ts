import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, apiResponse, setAccessToken, setUnauthorizedHandler } from './api-client.ts';

type Call = { url: string; init: RequestInit };

function stubFetch(answers: Response[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = answers.shift();
    if (!next) throw new TypeError('no more answers');
    return next;
  });
  return calls;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  setAccessToken(null);
  setUnauthorizedHandler(null);
  vi.unstubAllGlobals();
});

describe('the browser HTTP client', () => {
  it('reads the code of both error shapes: {code, message} and GoTrue {code: status, error_code, msg}', async () => {
    stubFetch([json(409, { code: 'bookmark_limit_reached', message: 'You can keep up to 1,000 bookmarks.' })]);
    await expect(apiRequest('/api/bookmarks')).rejects.toMatchObject({ status: 409, code: 'bookmark_limit_reached', message: 'You can keep up to 1,000 bookmarks.' });
    stubFetch([json(400, { code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' })]);
    const error = await apiRequest('/auth/v1/token?grant_type=password').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('sends extra headers and Accept, and returns the response itself for a stream', async () => {
    const calls = stubFetch([new Response('event: done\n\n', { status: 200, headers: { 'Content-Type': 'text/event-stream' } })]);
    const response = await apiResponse('/api/chat/conversations/c1/messages', {
      method: 'POST',
      body: { content: 'hi' },
      auth: false,
      accept: 'text/event-stream',
      headers: { 'X-Conversation-Token': 'secret' },
    });
    expect(await response.text()).toBe('event: done\n\n');
    expect(calls[0]!.init.headers).toEqual({
      'X-Conversation-Token': 'secret',
      Accept: 'text/event-stream',
      'X-Client-Info': 'ellis-web',
      'Content-Type': 'application/json',
    });
  });

  it('refreshes an expired access token once and repeats the request', async () => {
    setAccessToken('old');
    setUnauthorizedHandler(async () => 'new');
    const calls = stubFetch([json(401, { code: 'bad_jwt', message: 'expired' }), json(200, { ok: true })]);
    await expect(apiRequest('/api/profile')).resolves.toEqual({ ok: true });
    expect(calls.map((call) => (call.init.headers as Record<string, string>).Authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('answers status 0 when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('/api/profile')).rejects.toMatchObject({ status: 0, retryable: true });
  });
});
