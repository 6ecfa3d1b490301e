// Test helper: answers fetch per 'METHOD /path/:param' like the admin API; never bundled.
import { jsonResponse } from '@veo3/platform/testing/test-session';

export interface FakeCall {
  method: string;
  path: string;
  url: string;
  query: URLSearchParams;
  headers: Headers;
  json: unknown;
}

export type FakeRoute = (call: FakeCall) => Response | Promise<Response>;

const matches = (pattern: string, path: string) =>
  new RegExp(`^${pattern.replace(/:[A-Za-z_]+/g, '[^/]+')}$`).test(path);

/** Installs a fetch that routes by 'METHOD /path/:param' (query ignored); unknown routes answer 404. */
export function fakeApi(routes: Record<string, FakeRoute>) {
  const calls: FakeCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const [path = url, search = ''] = url.split('?');
    const method = init.method ?? 'GET';
    const call: FakeCall = {
      method,
      path,
      url,
      query: new URLSearchParams(search),
      headers: init.headers as Headers,
      json: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const key = Object.keys(routes).find((k) => {
      const [m, p] = k.split(' ');
      return m === method && matches(p!, path);
    });
    return key ? routes[key]!(call) : jsonResponse({ success: false, message: 'Not found', code: 'NOT_FOUND' }, 404);
  });
  globalThis.fetch = fetchMock as typeof fetch;
  return {
    calls,
    fetchMock,
    /** The calls made to 'METHOD /path/:param'. */
    callsTo: (key: string) => {
      const [m, p] = key.split(' ');
      return calls.filter((c) => c.method === m && matches(p!, c.path));
    },
  };
}

export const ok = (data: unknown) => () => jsonResponse({ success: true, data });
export const fail =
  (status: number, message: string, code = 'TEST') =>
  () =>
    jsonResponse({ success: false, message, code }, status);
/** A page of rows as the admin lists answer. */
export const page = <T>(items: T[], extra: { page?: number; page_size?: number; total?: number } = {}) =>
  ok({ items, page: 1, page_size: 25, total: items.length, ...extra });
