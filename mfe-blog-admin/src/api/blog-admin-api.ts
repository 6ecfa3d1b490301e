import type {
  AdminPostDeletedReply,
  AdminPostListReply,
  AdminPostSavedReply,
  BlogPostStatus,
  BlogPostWithContent as BlogPost,
  ContentImageUploadReply,
  FeaturedImageUploadReply,
} from '@veo3/contracts/blog';
import type { ErrorReply } from '@veo3/contracts/envelope';
import { apiRequest } from '@veo3/platform/api/api-client';

/** What Save sends (SPEC §7 'POST /api/blog/admin/posts' and 'PUT /api/blog/admin/posts/{id}'). */
export interface ArticleDraft {
  title: string;
  content: string;
  excerpt: string;
  featured_image: string | null;
  status: BlogPostStatus;
  meta_title: string;
  meta_description: string;
  /** Sent on save although no input edits them (SPEC §3): the post's own, [] for a new one. */
  tags: string[];
}

/** Every admin call carries the Bearer token and nothing else about the user (SPEC §6). */
const admin = { identity: 'bearer' } as const;

/** GET /api/blog/admin/posts?limit=1: the permission probe. Throws ApiError (403, 401, ...) when refused. */
export async function probeBlogAdmin(signal?: AbortSignal): Promise<true> {
  await apiRequest('GET /api/blog/admin/posts', { ...admin, query: { limit: 1 }, signal });
  return true;
}

/** GET /api/blog/admin/posts: every article in every status, newest first, content included. */
export async function fetchAdminPosts(signal?: AbortSignal): Promise<BlogPost[]> {
  const reply = (await apiRequest('GET /api/blog/admin/posts', { ...admin, signal })) as
    AdminPostListReply | ErrorReply;
  if (!reply.success) throw new Error(reply.message || 'Failed to load articles');
  if (!Array.isArray(reply.data)) throw new Error('Failed to load articles');
  return reply.data;
}

/** POST /api/blog/admin/posts (no id) or PUT /api/blog/admin/posts/{id}; the reply's message is shown. */
export async function saveArticle(id: BlogPost['id'] | null, draft: ArticleDraft): Promise<AdminPostSavedReply> {
  const reply = (
    id === null
      ? await apiRequest('POST /api/blog/admin/posts', { ...admin, body: draft })
      : await apiRequest('PUT /api/blog/admin/posts/:id', { ...admin, params: { id }, body: draft })
  ) as AdminPostSavedReply | ErrorReply;
  if (!reply.success) throw new Error(reply.message ?? '');
  return reply;
}

/** DELETE /api/blog/admin/posts/{id}; the reply's message is shown. */
export async function deleteArticle(id: BlogPost['id']): Promise<AdminPostDeletedReply> {
  const reply = (await apiRequest('DELETE /api/blog/admin/posts/:id', { ...admin, params: { id } })) as
    AdminPostDeletedReply | ErrorReply;
  if (!reply.success) throw new Error(reply.message ?? '');
  return reply;
}

function imageForm(file: Blob, name?: string): FormData {
  const form = new FormData();
  if (name) form.append('image', file, name);
  else form.append('image', file);
  return form;
}

/** POST /api/blog/admin/upload (multipart field `image`): the featured image; resolves to data.url. */
export async function uploadFeaturedImage(file: File): Promise<string> {
  const reply = (await apiRequest('POST /api/blog/admin/upload', { ...admin, body: imageForm(file) })) as
    FeaturedImageUploadReply | ErrorReply;
  if (!reply.success) throw new Error(reply.message ?? '');
  if (!reply.data?.url) throw new Error(reply.message ?? '');
  return reply.data.url;
}

/**
 * POST /api/blog/upload-image (multipart field `image`): an image inside the content. The caller reads
 * success, imageUrl and message; an HTTP error throws ApiError with the server's message.
 */
export function uploadContentImage(
  file: Blob,
  name: string,
  signal?: AbortSignal,
): Promise<ContentImageUploadReply | ErrorReply> {
  return apiRequest('POST /api/blog/upload-image', {
    ...admin,
    body: imageForm(file, name),
    signal,
    // A 10 MB image on a slow line takes longer than the usual 30 s.
    timeoutMs: 120_000,
  });
}
