// @ts-check
// Small helpers the bench scripts share.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Runs `fn` over `items` with at most `concurrency` calls in flight. */
export async function pool(items, concurrency, fn) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  });
  await Promise.all(lanes);
}

/** Waits until `url` answers below 500 (the server is up), for at most 60 s. */
export async function waitUp(url) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).status < 500) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** JSON API calls against `base`; each throws on a network error or a non-2xx answer, and is counted. */
export function apiAt(base) {
  const api = async (method, path, token, body) => {
    api.requests++;
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 200)}`);
    return json;
  };
  api.requests = 0;
  return api;
}

// The floor: answers every request with the given status, headers and bytes, nothing else.
const FLOOR_SERVER = `
const { createServer } = require('node:http');
const body = Buffer.from(process.env.BODY, 'base64');
const status = Number(process.env.STATUS);
const headers = JSON.parse(process.env.HEADERS);
createServer((req, res) => { res.writeHead(status, headers); res.end(body); }).listen(Number(process.env.PORT), '127.0.0.1');
`;

// Written by Node itself (or not applicable to the decoded bytes fetch returns).
const NOT_COPIED = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-encoding',
  'content-length',
]);

/**
 * A bare Node HTTP server in its own process sending the very same response as the app: `status`,
 * the app's `headers` (security headers and all, which cost the client to read as much as any byte)
 * and `bytes`. The benches' floor.
 */
export async function startFloor(status, bytes, headers) {
  const copied = Object.fromEntries([...headers].filter(([name]) => !NOT_COPIED.has(name)));
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', FLOOR_SERVER], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      STATUS: String(status),
      BODY: bytes.toString('base64'),
      HEADERS: JSON.stringify({ ...copied, 'content-length': bytes.length }),
    },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}/`;
  await waitUp(url);
  return { url, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

/** CPU seconds (user and system, all its threads) process `pid` has used so far; Linux only, else NaN. */
export function cpuSeconds(pid) {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in ticks of 1/100 s.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}
