import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedReply } from '../blog/blog-cache';
import type { Language } from '../site/prerendered-pages';

export type TextEncoding = 'br' | 'gzip';

/** Below this a body goes as it is: compressing it would save less than its headers weigh. */
const MIN_COMPRESSED_BYTES = 1024;
/** Bodies repeat (a page, a blog reply): each is compressed once per encoding while it is among the recent ones. */
const MEMO_ENTRIES = 200;
const memo = new Map<string, Partial<Record<TextEncoding, Buffer>>>();

/** The encoding a client accepts, brotli first, from its Accept-Encoding (`q=0` refuses); null for none. */
export function acceptedEncoding(header: string | string[] | undefined): TextEncoding | null {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') ? 'gzip' : null;
}

function compressed(body: string, encoding: TextEncoding): Buffer {
  let entry = memo.get(body);
  if (!entry) {
    if (memo.size >= MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
    entry = {};
    memo.set(body, entry);
  }
  // Brotli at quality 5: about gzip's speed for a few kilobytes, and smaller.
  entry[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(body, { level: 6 });
  return entry[encoding];
}

/** The headers of an HTML page in the visitor's language, which follows their cookie and browser. */
export function languagePageHeaders(reply: FastifyReply, lang: Language): void {
  void reply
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Content-Language', lang)
    .header('Vary', 'Cookie, Accept-Language');
}

/**
 * Sends a page's HTML compressed when the client accepts brotli or gzip: its bytes are on the path
 * to the first paint (no gateway in front compresses it). A strong ETag becomes weak on a compressed
 * body, as a gateway's compression would make it. JSON replies go as they are: they are small, and
 * the contract check reads them.
 */
export function sendHtml(request: FastifyRequest, reply: FastifyReply, body: string): void {
  const vary = reply.getHeader('Vary');
  void reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const encoding =
    Buffer.byteLength(body) >= MIN_COMPRESSED_BYTES && acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) {
    void reply.send(body);
    return;
  }
  const etag = reply.getHeader('ETag');
  if (typeof etag === 'string' && etag.startsWith('"')) void reply.header('ETag', `W/${etag}`);
  void reply.header('Content-Encoding', encoding).send(compressed(body, encoding));
}

/**
 * Sends a public reply a CDN may keep but must revalidate (an admin change shows on the next
 * request); a client that already holds these bytes gets 304.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedReply,
  contentType: string,
  status = 200,
): void {
  const send = (body: string) =>
    contentType.startsWith('text/html') ? sendHtml(request, reply, body) : void reply.send(body);
  if (status !== 200) {
    void reply.status(status).header('Cache-Control', 'no-store').header('Content-Type', contentType);
    send(cached.body);
    return;
  }
  void reply.header('ETag', cached.etag).header('Cache-Control', 'public, max-age=0, must-revalidate');
  const held = request.headers['if-none-match'];
  if (held === cached.etag || held === `W/${cached.etag}`) {
    void reply.status(304).send();
    return;
  }
  void reply.header('Content-Type', contentType);
  send(cached.body);
}

/**
 * Sends a page that must never be served from a cache without asking (a shared video's, which its
 * owner may stop sharing at any moment): `no-cache` with an ETag of its bytes, so a browser or CDN
 * holding a copy revalidates on every use and gets 304 while nothing changed, or the new answer (a
 * 404 once it is gone).
 */
export function sendRevalidatedHtml(request: FastifyRequest, reply: FastifyReply, body: string): void {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  void reply.header('Cache-Control', 'no-cache').header('ETag', etag);
  const held = request.headers['if-none-match'];
  if (held === etag || held === `W/${etag}`) {
    void reply.status(304).send();
    return;
  }
  sendHtml(request, reply, body);
}
