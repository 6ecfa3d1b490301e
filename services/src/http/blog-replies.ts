import type { CachedReply } from '../blog/blog-cache';
import { blogCacheKeys } from '../blog/blog-cache-keys';
import { BlogErrorCode, BlogException } from '../blog/blog.exception';
import type { BlogService } from '../blog/blog.service';

// The public blog's JSON replies are cached as the bytes sent, envelope included, so that the fast
// path (blog-fast-path.ts) can answer a repeat read before Nest: built here rather than serialized by
// Nest, and kept under the keys the fast path looks up.

function okBody(data: unknown): string {
  return JSON.stringify({ success: true, data });
}

/** GET /api/blog/posts: published posts, newest first, without their content. */
export async function blogListReply(blog: BlogService, page: number, limit: number): Promise<CachedReply> {
  const reply = await blog.cached(blogCacheKeys.list(page, limit), async () => ({
    body: okBody(await blog.publishedPage(page, limit)),
  }));
  return reply!;
}

/** GET /api/blog/posts/:slug: a published post (drafts and archived ones do not exist publicly); counts a view. */
export async function blogPostReply(blog: BlogService, slug: string): Promise<CachedReply> {
  const reply = await blog.cached(blogCacheKeys.post(slug), async () => {
    const post = await blog.findPublished(slug);
    return post && { body: okBody(blog.forReaders(post)), postId: post.id };
  });
  if (!reply?.postId) throw new BlogException(BlogErrorCode.NotFound, 'Article not found');
  blog.countRead(reply);
  return reply;
}
