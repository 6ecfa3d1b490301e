import { ApiError, apiRequest, MAX_RETRIES, RETRY_DELAY_MS } from '@veo3/platform/api/api-client';
import { sessionStore } from '@veo3/platform/session/session-store';
import { jsonResponse } from '@veo3/platform/testing/test-session';

const user = {
  id: '7',
  email: 'ann@example.com',
  name: 'Ann',
  picture: null,
  avatar_url: null,
  credits: 5,
  can_manage_blog: false,
  is_admin: false,
  provider: 'dev' as const,
};

const textResponse = (text: string, status: number) =>
  ({ ok: status < 300, status, text: async () => text }) as Response;

describe('apiRequest', () => {
  let fetchMock: jest.Mock;

  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
    sessionStore.restore();
    fetchMock = jest.fn();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => jest.useRealTimers());

  it('sends the stored identity: Bearer token plus x-user-id / x-user-email, with credentials', async () => {
    sessionStore.signIn('tok-1', user);
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    await expect(apiRequest('GET /api/credits/balance')).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/credits/balance');
    expect(init.credentials).toBe('include');
    expect(init.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(init.headers.get('x-user-id')).toBe('7');
    expect(init.headers.get('x-user-email')).toBe('ann@example.com');
  });

  it('the bearer-only client sends the token and no identity headers', async () => {
    sessionStore.signIn('tok-1', user);
    fetchMock.mockResolvedValue(jsonResponse({}));
    await apiRequest('GET /api/video/history', { identity: 'bearer', query: { page: 2, limit: 10 } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/video/history?page=2&limit=10');
    expect(init.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(init.headers.get('x-user-id')).toBeNull();
  });

  it('retries a network failure up to 3 times, 1 s apart, reusing one idempotency key', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse({ done: 1 }));
    const result = apiRequest('POST /api/credits/add', { body: { userId: '7', amount: 1, sourceId: 'grant-1' } });
    await jest.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(2 * RETRY_DELAY_MS);
    await expect(result).resolves.toEqual({ done: 1 });
    const keys = fetchMock.mock.calls.map(([, init]) => init.headers.get('Idempotency-Key'));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBeTruthy();
  });

  it('gives up after 3 retries with the network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const settled = apiRequest('GET /api/auth/user').catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(10 * RETRY_DELAY_MS);
    expect(await settled).toEqual(new TypeError('Failed to fetch'));
    expect(fetchMock).toHaveBeenCalledTimes(MAX_RETRIES + 1);
  });

  it('aborts a request after the timeout and retries it', async () => {
    fetchMock.mockImplementationOnce(
      (_url, init: RequestInit) =>
        new Promise((_, reject) =>
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    fetchMock.mockResolvedValueOnce(jsonResponse({ second: true }));
    const result = apiRequest('GET /api/video/options', { timeoutMs: 30_000 });
    await jest.advanceTimersByTimeAsync(30_000 + RETRY_DELAY_MS);
    await expect(result).resolves.toEqual({ second: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('fills the path parameters of the route, encoded', async () => {
    fetchMock.mockResolvedValue(jsonResponse({}));
    await apiRequest('GET /api/video/status/:taskId', { params: { taskId: 'a/b c' } });
    await apiRequest('DELETE /api/blog/admin/posts/:id', { params: { id: 12 } });
    expect(fetchMock.mock.calls.map(([url, init]) => [init.method, url])).toEqual([
      ['GET', '/api/video/status/a%2Fb%20c'],
      ['DELETE', '/api/blog/admin/posts/12'],
    ]);
  });

  it('does not retry an HTTP error; raises the server message and code', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ success: false, message: 'Not enough credits', code: 'CREDITS_INSUFFICIENT' }, 402),
    );
    const error = await apiRequest('POST /api/video/generate', { body: new FormData() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 402, message: 'Not enough credits', code: 'CREDITS_INSUFFICIENT' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('falls back to "HTTP error: <status>" when the server gives no message', async () => {
    fetchMock.mockResolvedValue(textResponse('', 500));
    await expect(apiRequest('GET /api/video/options')).rejects.toThrow('HTTP error: 500');
  });

  it('clears the stored login when the server rejects the token', async () => {
    sessionStore.signIn('expired', user);
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: 'Session expired' }, 401));
    await expect(apiRequest('GET /api/auth/user')).rejects.toThrow('Session expired');
    expect(sessionStore.getState().user).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});
