export interface Reply {
  status: number;
  body: any;
  headers: Headers;
}

/** A request to a running services process (JSON, a form, a bearer token); the body parsed when it is JSON. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {
    ...options.headers,
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
  };
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = new FormData();
    for (const [key, value] of Object.entries(options.form)) body.append(key, value);
  }
  const res = await fetch(`${base}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return { status: res.status, body: parsed, headers: res.headers };
}
