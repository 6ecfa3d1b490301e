import {
  BLOG_LIST_LIMITS,
  type BlogListReply,
  type BlogPostReply,
  type BlogPostWithContent,
} from '@veo3/contracts/blog';
import type { ErrorReply } from '@veo3/contracts/envelope';
import { ApiError, apiRequest } from '@veo3/platform/api/api-client';

/** SPEC §9: twelve posts per blog page, the list query's default. */
export const BLOG_PAGE_SIZE = BLOG_LIST_LIMITS.pageSize;

/** One page of the list: posts without their content, and the pagination. */
export type BlogPostPage = BlogListReply['data'];

/** The error code the API gives for a draft, archived or unknown slug. */
export const POST_NOT_FOUND = 'BLOG_POST_NOT_FOUND';

/** GET /api/blog/posts: one page of published posts, newest first. */
export async function fetchBlogPosts(page: number, signal?: AbortSignal): Promise<BlogPostPage> {
  // Read defensively: the list and pagination may be missing from what a server sends.
  const reply = (await apiRequest('GET /api/blog/posts', {
    query: { page, limit: BLOG_PAGE_SIZE },
    identity: 'bearer',
    signal,
  })) as { success: true; data?: Partial<BlogPostPage> } | ErrorReply | null;
  if (!reply?.success) throw new Error(reply?.message ?? 'Failed to load articles');
  if (!reply.data) throw new Error('Failed to load articles');
  const posts = (Array.isArray(reply.data.posts) ? reply.data.posts : []).map((post) => ({
    ...post,
    tags: Array.isArray(post.tags) ? post.tags : [],
  }));
  const pagination = reply.data.pagination;
  return {
    posts,
    pagination: {
      page: pagination?.page ?? page,
      pages: pagination?.pages ?? (posts.length > 0 ? page : 0),
      total: pagination?.total ?? posts.length,
      limit: pagination?.limit ?? BLOG_PAGE_SIZE,
    },
  };
}

/** Thrown for a post that does not exist for readers (HTTP 404, or a reply without a post). */
export class PostNotFoundError extends Error {
  constructor(readonly slug: string) {
    super('Article not found');
    this.name = 'PostNotFoundError';
  }
}

/** GET /api/blog/posts/:slug. Throws PostNotFoundError for a 404, anything else for other failures. */
export async function fetchBlogPost(slug: string, signal?: AbortSignal): Promise<BlogPostWithContent> {
  let reply: BlogPostReply | ErrorReply | null;
  try {
    reply = (await apiRequest('GET /api/blog/posts/:slug', { params: { slug }, identity: 'bearer', signal })) as
      BlogPostReply | ErrorReply | null;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.code === POST_NOT_FOUND)) {
      throw new PostNotFoundError(slug);
    }
    throw error;
  }
  if (reply && !reply.success && reply.code === POST_NOT_FOUND) throw new PostNotFoundError(slug);
  if (!reply?.success) throw new Error(reply?.message ?? 'Failed to load article');
  if (!reply.data) throw new Error('Failed to load article');
  return { ...reply.data, tags: Array.isArray(reply.data.tags) ? reply.data.tags : [] };
}

export function isPostNotFound(error: unknown): boolean {
  return error instanceof PostNotFoundError;
}
