// Test helper: answers fetch per 'METHOD /path' like the blog admin API; never bundled.
import { jsonResponse } from '@veo3/platform/testing/test-session';

export interface FakeCall {
  method: string;
  path: string;
  url: string;
  init: RequestInit;
  headers: Headers;
  json: unknown;
}

export type FakeRoute = (call: FakeCall) => Response | Promise<Response>;

/** Installs a fetch that routes by 'METHOD /path' (query ignored); unknown routes answer 404. */
export function fakeApi(routes: Record<string, FakeRoute>) {
  const calls: FakeCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const path = url.split('?')[0] ?? url;
    const method = init.method ?? 'GET';
    const body = init.body;
    const call: FakeCall = {
      method,
      path,
      url,
      init,
      headers: init.headers as Headers,
      json: typeof body === 'string' ? JSON.parse(body) : undefined,
    };
    calls.push(call);
    const route =
      routes[`${method} ${path}`] ?? routes[`${method} ${path.replace(/\/\d+$/, '/:id')}`] ?? (() => notFound());
    return route(call);
  });
  globalThis.fetch = fetchMock as typeof fetch;
  return {
    calls,
    fetchMock,
    /** The calls made to 'METHOD /path'. */
    callsTo: (key: string) =>
      calls.filter((c) => `${c.method} ${c.path}` === key || `${c.method} ${c.path.replace(/\/\d+$/, '/:id')}` === key),
  };
}

export const ok = (body: unknown) => () => jsonResponse(body);
export const fail = (status: number, message: string) => () =>
  jsonResponse({ success: false, message, code: 'TEST' }, status);
const notFound = () => jsonResponse({ success: false, message: 'Not found', code: 'NOT_FOUND' }, 404);
