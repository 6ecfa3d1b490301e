import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, relative, resolve } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.woff2': 'font/woff2',
};

export interface StaticServer {
  url: string;
  /** Paths of every request it answered, in order. */
  requests: string[];
  stop: () => Promise<void>;
}

/** The regular file a URL path names inside `rootDir`, if any. */
function fileAt(rootDir: string, urlPath: string): { path: string; size: number } | undefined {
  let path: string;
  try {
    path = join(rootDir, decodeURIComponent(urlPath));
  } catch {
    return undefined; // a malformed escape names no file
  }
  if (relative(rootDir, path).startsWith('..')) return undefined;
  const stat = statSync(path, { throwIfNoEntry: false });
  return stat?.isFile() ? { path, size: stat.size } : undefined;
}

/**
 * A plain static file server for one folder on its own origin (a CDN stand-in): CORS open to any
 * origin, content types by extension, 404 for anything outside the folder or missing.
 */
export async function startStaticServer(folder: string): Promise<StaticServer> {
  const rootDir = resolve(folder);
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const urlPath = new URL(req.url ?? '/', 'http://static').pathname;
    requests.push(urlPath);
    res.setHeader('Access-Control-Allow-Origin', '*');
    const file = fileAt(rootDir, urlPath);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
    } else if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    } else {
      res.writeHead(200, {
        'Content-Type': CONTENT_TYPES[extname(file.path)] ?? 'application/octet-stream',
        'Content-Length': file.size,
        'Cache-Control': 'no-store',
      });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file.path).pipe(res);
    }
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
