import type { FastifyInstance, FastifyRequest } from 'fastify';
import { blogCacheKeys, blogPageNumber } from '../blog/blog-cache-keys';
import type { BlogService } from '../blog/blog.service';
import { BLOG_LIST_LIMITS } from '@veo3/contracts/blog';
import { sendCached } from './send-cached';

const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';
const SMALL_INT = /^[1-9]\d{0,3}$/;

/**
 * The cache key of a public blog read, from its URL alone; null for anything else, or for a query
 * the handler must judge (it validates and answers 400). The list's default and bounds are those of
 * BlogListQuerySchema, so a URL answered here is one the handler would accept the same way.
 */
export function fastPathKey(url: string): { key: string; type: string } | null {
  const [rawPath = '', query = ''] = url.split('?', 2);
  if (rawPath === '/api/blog/posts') {
    const params = new URLSearchParams(query);
    const page = params.get('page') ?? '1';
    const limit = params.get('limit') ?? String(BLOG_LIST_LIMITS.pageSize);
    if ([...params.keys()].some((k) => k !== 'page' && k !== 'limit')) return null;
    if (!SMALL_INT.test(page) || !SMALL_INT.test(limit)) return null;
    if (Number(page) > BLOG_LIST_LIMITS.maxPage || Number(limit) > BLOG_LIST_LIMITS.maxLimit) return null;
    return { key: blogCacheKeys.list(Number(page), Number(limit)), type: JSON_TYPE };
  }
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (path.startsWith('/api/blog/posts/')) {
    const slug = path.slice('/api/blog/posts/'.length);
    return slug && !slug.includes('/') ? { key: blogCacheKeys.post(slug), type: JSON_TYPE } : null;
  }
  if (path === '/blog' || path === '/blog/') {
    const page = new URLSearchParams(query).get('page') ?? undefined;
    return { key: blogCacheKeys.listPage(blogPageNumber(page)), type: HTML_TYPE };
  }
  if (path.startsWith('/blog/')) {
    const slug = path.slice('/blog/'.length).replace(/\/+$/, '');
    return slug && !slug.includes('/') ? { key: blogCacheKeys.postPage(slug), type: HTML_TYPE } : null;
  }
  return null;
}

/**
 * Repeat reads of the public blog are answered from its cache before routing, with the same
 * headers as the handlers (security headers come from the hooks registered before this one); a
 * miss goes on to the handlers, which render and fill the cache.
 */
export function registerBlogFastPath(fastify: FastifyInstance, blog: BlogService): void {
  // Repeat URLs are looked up once; the map is dropped whole when it grows past its bound.
  const keys = new Map<string, ReturnType<typeof fastPathKey>>();
  fastify.addHook('onRequest', (request: FastifyRequest, reply, done) => {
    if (request.method !== 'GET' || !request.url.includes('blog')) return done();
    let hit = keys.get(request.url);
    if (hit === undefined) {
      if (keys.size >= 10_000) keys.clear();
      hit = fastPathKey(request.url);
      keys.set(request.url, hit);
    }
    const cached = hit && blog.peek(hit.key);
    if (!hit || !cached) return done();
    blog.countRead(cached);
    // Answered here: the request goes no further, so `done` is not called.
    sendCached(request, reply, cached, hit.type);
  });
}
