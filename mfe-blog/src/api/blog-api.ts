import { ApiError, apiRequest } from '@veo3/platform/api/api-client';
import type { BlogPost } from '@veo3/platform/types/blog-post';

/** SPEC §9: twelve posts per blog page. */
export const BLOG_PAGE_SIZE = 12;

/** The `{ success, data, message }` envelope of the blog endpoints. */
export interface ApiReply<T> {
  success: boolean;
  data?: T;
  message?: string;
  code?: string;
}

/** A post as the list returns it: the server leaves out `content`. */
export type BlogListItem = Omit<BlogPost, 'content'> & { content?: string };

export interface BlogPagination {
  page: number;
  pages: number;
  total: number;
  limit: number;
}

export interface BlogPostPage {
  posts: BlogListItem[];
  pagination: BlogPagination;
}

/** The error code the API gives for a draft, archived or unknown slug. */
export const POST_NOT_FOUND = 'BLOG_POST_NOT_FOUND';

/** GET /api/blog/posts: one page of published posts, newest first. */
export async function fetchBlogPosts(page: number, signal?: AbortSignal): Promise<BlogPostPage> {
  const reply = await apiRequest<ApiReply<Partial<BlogPostPage>>>('/api/blog/posts', {
    query: { page, limit: BLOG_PAGE_SIZE },
    identity: 'bearer',
    signal,
  });
  if (!reply?.success || !reply.data) throw new Error(reply?.message ?? 'Failed to load articles');
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
export async function fetchBlogPost(slug: string, signal?: AbortSignal): Promise<BlogPost> {
  let reply: ApiReply<BlogPost>;
  try {
    reply = await apiRequest<ApiReply<BlogPost>>(`/api/blog/posts/${encodeURIComponent(slug)}`, {
      identity: 'bearer',
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.code === POST_NOT_FOUND)) {
      throw new PostNotFoundError(slug);
    }
    throw error;
  }
  if (reply?.code === POST_NOT_FOUND) throw new PostNotFoundError(slug);
  if (!reply?.success || !reply.data) throw new Error(reply?.message ?? 'Failed to load article');
  return { ...reply.data, tags: Array.isArray(reply.data.tags) ? reply.data.tags : [] };
}

export function isPostNotFound(error: unknown): boolean {
  return error instanceof PostNotFoundError;
}
