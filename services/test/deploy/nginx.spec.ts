import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort } from '../support/video-client';
import { readRepoFile, REMOTE_FOLDERS } from './deploy-files';

// The nginx configurations of the images and of docker compose's gateway, run on the machine's nginx
// (Debian's; the images use nginx-unprivileged, whose nginx.conf includes conf.d/*.conf the same way).

function nginxBinary(): string {
  const found = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin']
    .map((dir) => join(dir, 'nginx'))
    .find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      "nginx is not installed, so the images' nginx configurations cannot be run: apt-get install -y nginx (.ci/run installs it)",
    );
  }
  return found;
}

// The suite needs it: without it, it stops here with one message naming the tool and how to install it.
nginxBinary();

interface RunningNginx {
  /** Where the first `listen` of the configuration went. */
  port: number;
  /** The free port each `listen <port>;` of the configuration went to, by the port it names. */
  ports: Record<number, number>;
  stop(): Promise<void>;
}

/** Runs a conf.d file (its `server` blocks) in a private nginx on free ports, with its own temp paths. */
async function startNginx(serverConf: string, dir: string): Promise<RunningNginx> {
  const ports: Record<number, number> = {};
  const listens = [...serverConf.matchAll(/listen (\d+);/g)].map((m) => Number(m[1]));
  for (const listen of listens) ports[listen] = await freePort();
  const port = ports[listens[0]!]!;
  const conf = join(dir, 'nginx.conf');
  mkdirSync(join(dir, 'temp'), { recursive: true, mode: 0o777 });
  writeFileSync(
    join(dir, 'server.conf'),
    serverConf.replace(/listen (\d+);/g, (_, listen: string) => `listen 127.0.0.1:${ports[Number(listen)]};`),
  );
  writeFileSync(
    conf,
    [
      // As root (CI), workers would switch to nobody, who cannot read the test's private folder.
      process.getuid?.() === 0 ? 'user root root;' : '',
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 64; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/temp/${t};`),
      `  include ${dir}/server.conf;`,
      '}',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(nginxBinary(), ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx refused the configuration:\n${stderr}`);
    const up = await get(port, '/', {}).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (i > 100) throw new Error(`nginx did not start:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    ports,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A raw HTTP request (no automatic decompression), so Content-Encoding is seen as sent. */
function get(
  port: number,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: Buffer,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    // A connection of its own per request: after a refusal nginx sent before the body arrived, the body
    // can still be on a kept-alive connection and be read as the start of the next request (a 400).
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('docker/nginx/remote.conf (the static image of one remote)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'veo3-nginx-remote-'));
  const manifest = JSON.stringify({ id: 'blog', metaData: { publicPath: 'auto' }, padding: 'x'.repeat(2000) });
  let nginx: RunningNginx;

  beforeAll(async () => {
    const html = join(dir, 'html');
    const file = (path: string, content: string | Buffer) => {
      mkdirSync(join(html, path, '..'), { recursive: true, mode: 0o755 });
      writeFileSync(join(html, path), content);
    };
    // What the static Dockerfile copies: the remote's dist under /mfe/<folder>/, .gz beside large files.
    file('mfe/blog/mf-manifest.json', manifest);
    file('mfe/blog/mf-manifest.json.gz', gzipSync(manifest));
    file('mfe/blog/remoteEntry.js', 'var blog;');
    file('mfe/blog/assets/post.abcdef1234.js', 'export {};');
    // Its releases beside it (scripts/remote-releases.mjs), the current one and an earlier one.
    file('mfe/blog/releases.json', '{"current":"bbbbbbbbbbbb","releases":[]}');
    for (const id of ['aaaaaaaaaaaa', 'bbbbbbbbbbbb']) {
      file(`mfe/blog/${id}/mf-manifest.json`, manifest);
      file(`mfe/blog/${id}/remoteEntry.js`, `var blog; // ${id}`);
      file(`mfe/blog/${id}/assets/post.abcdef1234.js`, 'export {};');
    }
    const conf = readRepoFile('docker/nginx/remote.conf').replace('root /usr/share/nginx/html;', `root ${html};`);
    if (!conf.includes(`root ${html};`)) throw new Error('remote.conf no longer serves /usr/share/nginx/html');
    nginx = await startNginx(conf, dir);
  });
  afterAll(async () => {
    await nginx?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps hashed assets forever and never caches the entry files that name them', async () => {
    const asset = await get(nginx.port, '/mfe/blog/assets/post.abcdef1234.js', {});
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    for (const entry of ['/mfe/blog/mf-manifest.json', '/mfe/blog/remoteEntry.js']) {
      const reply = await get(nginx.port, entry, {});
      expect([entry, reply.status, reply.headers['cache-control']]).toEqual([entry, 200, 'no-store']);
    }
    // A shell on another origin may fetch the manifest.
    expect(asset.headers['access-control-allow-origin']).toBe('*');
  });

  it('keeps every file of a release forever (a release never changes), the release log never', async () => {
    for (const path of ['mf-manifest.json', 'remoteEntry.js', 'assets/post.abcdef1234.js']) {
      for (const id of ['aaaaaaaaaaaa', 'bbbbbbbbbbbb']) {
        const reply = await get(nginx.port, `/mfe/blog/${id}/${path}`, {});
        expect([
          id,
          path,
          reply.status,
          reply.headers['cache-control'],
          reply.headers['access-control-allow-origin'],
        ]).toEqual([id, path, 200, 'public, max-age=31536000, immutable', '*']);
      }
    }
    const log = await get(nginx.port, '/mfe/blog/releases.json', {});
    expect([log.status, log.headers['cache-control']]).toEqual([200, 'no-store']);
    expect((await get(nginx.port, '/mfe/blog/cccccccccccc/remoteEntry.js', {})).status).toBe(404);
  });

  it('sends the precompressed file to a client that accepts gzip, the plain one otherwise', async () => {
    const zipped = await get(nginx.port, '/mfe/blog/mf-manifest.json', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    expect(zipped.body.length).toBeLessThan(manifest.length / 4);
    const plain = await get(nginx.port, '/mfe/blog/mf-manifest.json', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(manifest);
  });

  it('answers the health probe, and 404 for anything it does not hold (no page fallback)', async () => {
    const health = await get(nginx.port, '/api/health', {});
    expect([health.status, JSON.parse(health.body.toString())]).toEqual([200, { status: 'ok' }]);
    expect((await get(nginx.port, '/mfe/blog/assets/missing.0000000000.js', {})).status).toBe(404);
    expect((await get(nginx.port, '/mfe/billing/mf-manifest.json', {})).status).toBe(404);
    expect((await get(nginx.port, '/pricing', {})).status).toBe(404);
  });
});

/** The API's events stream as the fake sees it: one event (no X-Accel-Buffering: the config alone must not buffer), then open until the client leaves. */
function streamEvents(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
  const seen = { authorization: req.headers.authorization, lastEventId: req.headers['last-event-id'] };
  res.write(`id: 1-1\nevent: ready\ndata: ${JSON.stringify(seen)}\n\n`);
  const timer = setTimeout(() => res.end(), 30_000);
  res.on('close', () => clearTimeout(timer));
}

describe("docker/nginx/gateway.conf (docker compose's gateway)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'veo3-nginx-gateway-'));
  const upstreams = new Map<string, Server>();
  /** `METHOD path` of every request each upstream received. */
  const received = new Map<string, string[]>();
  let nginx: RunningNginx;

  beforeAll(async () => {
    // One fake per upstream, answering its own name, the path and the headers it was given.
    let conf = readRepoFile('docker/nginx/gateway.conf');
    const names = [...new Set([...conf.matchAll(/^\s*set \$\w+ http:\/\/([\w-]+):\d+;/gm)].map((m) => m[1]!))];
    for (const name of names) {
      received.set(name, []);
      const server = createServer((req, res) => {
        received.get(name)!.push(`${req.method} ${req.url}`);
        req.resume();
        if (name === 'api' && req.url === '/api/video/events') return streamEvents(req, res);
        req.on('end', () => {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ name, url: req.url, headers: req.headers }));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      upstreams.set(name, server);
      const { port } = server.address() as AddressInfo;
      conf = conf.replace(new RegExp(` http://${name}:\\d+;`, 'g'), ` http://127.0.0.1:${port};`);
    }
    nginx = await startNginx(conf, dir);
  });
  afterAll(async () => {
    await nginx?.stop();
    await Promise.all([...upstreams.values()].map((s) => new Promise((resolve) => s.close(resolve))));
    rmSync(dir, { recursive: true, force: true });
  });

  const via = async (path: string, headers: Record<string, string> = {}) => {
    const reply = await get(nginx.port, path, { host: 'veo3.localhost:8080', ...headers });
    expect([path, reply.status]).toEqual([path, 200]);
    return JSON.parse(reply.body.toString()) as { name: string; url: string; headers: IncomingHttpHeaders };
  };

  it('routes /api, /v1 and /mcp to the API, /mfe/<folder>/ to each remote, the bucket to the object store, the rest to the shell', async () => {
    expect(upstreams.size).toBeGreaterThanOrEqual(7);
    expect((await via('/api/health')).name).toBe('api');
    expect((await via('/api')).name).toBe('api');
    expect((await via('/v1/videos?limit=2')).name).toBe('api');
    expect((await via('/mcp')).name).toBe('api');
    for (const folder of REMOTE_FOLDERS) {
      const reached = await via(`/mfe/${folder}/mf-manifest.json`);
      expect([folder, reached.name, reached.url]).toEqual([folder, `mfe-${folder}`, `/mfe/${folder}/mf-manifest.json`]);
    }
    for (const path of [
      '/',
      '/blog/hello-world',
      '/pricing?lang=zh-CN',
      '/sitemap.xml',
      '/assets/main.0123456789.js',
      '/apiary',
      '/v1beta',
      '/mcpx',
    ]) {
      expect([path, (await via(path)).name]).toEqual([path, 'web']);
    }
    expect((await via('/veo3-media/videos/1.mp4?X-Amz-Signature=abc')).name).toBe('s3');
  });

  it('passes the Host the presigned URL was signed for, and the client address and scheme', async () => {
    const s3 = await via('/veo3-media/videos/1.mp4?X-Amz-Signature=abc');
    expect(s3.url).toBe('/veo3-media/videos/1.mp4?X-Amz-Signature=abc');
    expect(s3.headers.host).toBe('veo3.localhost:8080');
    // A client cannot pose as another address (the rate limits count per address).
    const api = await via('/api/credits/balance', { 'x-forwarded-for': '203.0.113.9' });
    expect(api.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(api.headers['x-forwarded-proto']).toBe('http');
    expect((await via('/api/health', { 'x-forwarded-proto': 'https' })).headers['x-forwarded-proto']).toBe('https');
  });

  it('lets only GET and HEAD reach the bucket on the published port, whatever the signature', async () => {
    const host = { host: 'veo3.localhost:8080' };
    const object = '/veo3-media/videos/1.mp4';
    const store = received.get('s3')!;
    store.length = 0;
    for (const [method, path] of [
      ['PUT', `${object}?X-Amz-Signature=abc`],
      ['POST', '/veo3-media/?delete'],
      ['POST', `${object}?uploads`],
      ['DELETE', object],
      ['PATCH', object],
    ] as const) {
      const reply = await get(nginx.port, path, { ...host, 'content-type': 'video/mp4' }, method, Buffer.from('x'));
      expect([method, path, reply.status]).toEqual([method, path, 403]);
    }
    expect(store).toEqual([]);
    expect((await get(nginx.port, object, host)).status).toBe(200);
    expect((await get(nginx.port, object, host, 'HEAD')).status).toBe(200);
    expect(store).toEqual([`GET ${object}`, `HEAD ${object}`]);
  });

  it('lets the services write to the bucket on the unpublished port, with the Host they signed, and nothing else', async () => {
    const internal = nginx.ports[8080]!;
    const object = '/veo3-media/videos/2.mp4';
    const put = await get(internal, object, { host: 'veo3.localhost:8080' }, 'PUT', Buffer.alloc(30 * 1024 * 1024));
    expect(put.status).toBe(200);
    expect(JSON.parse(put.body.toString())).toMatchObject({
      name: 's3',
      url: object,
      headers: { host: 'veo3.localhost:8080' },
    });
    expect((await get(internal, object, { host: 'veo3.localhost:8080' }, 'DELETE')).status).toBe(200);
    for (const path of ['/', '/api/health', '/mfe/blog/mf-manifest.json', '/gateway-health'])
      expect([path, (await get(internal, path, {})).status]).toEqual([path, 404]);
  });

  it('lets a generation with two 10 MB images through, and refuses a larger body with 413', async () => {
    const ok = await get(
      nginx.port,
      '/api/video/generate',
      { 'content-type': 'application/octet-stream' },
      'POST',
      Buffer.alloc(21 * 1024 * 1024),
    );
    expect(ok.status).toBe(200);
    const tooBig = await get(
      nginx.port,
      '/api/video/generate',
      { 'content-type': 'application/octet-stream' },
      'POST',
      Buffer.alloc(26 * 1024 * 1024),
    );
    expect(tooBig.status).toBe(413);
  });

  it('passes the task events stream through as it is written, with the bearer token and Last-Event-ID', async () => {
    const first = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        {
          port: nginx.port,
          host: '127.0.0.1',
          path: '/api/video/events',
          headers: { host: 'veo3.localhost:8080', authorization: 'Bearer t0ken', 'last-event-id': '1-2' },
        },
        (res) => {
          expect(res.headers['content-encoding']).toBeUndefined();
          // The upstream keeps the stream open: this arrives only if nginx does not buffer it.
          res.once('data', (chunk: Buffer) => {
            resolve(chunk.toString());
            req.destroy();
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(JSON.parse(/data: (.*)\n/.exec(first)![1]!)).toEqual({ authorization: 'Bearer t0ken', lastEventId: '1-2' });
  });

  it('answers its own health check without any upstream', async () => {
    const reply = await get(nginx.port, '/gateway-health', {});
    expect([reply.status, reply.body.toString()]).toEqual([200, 'ok']);
  });
});
