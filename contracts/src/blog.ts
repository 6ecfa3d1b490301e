/** The blog: the public list and article, the admin's posts, image uploads. */
import { z } from 'zod';
import { BLOG_POST_LIMITS as LIMITS } from './blog-post-limits';
import { ok, okWith, OkMessageReply } from './envelope';
import { stripControlCharacters } from './plain-text';

export const BLOG_POST_STATUSES = ['draft', 'published', 'archived'] as const;
export const BlogPostStatus = z.enum(BLOG_POST_STATUSES);
export type BlogPostStatus = z.infer<typeof BlogPostStatus>;

/**
 * Plain text that others will read, without hidden characters (stripped before the limits are
 * checked, so they do not count).
 */
const plainText = (message: string, options?: { multiline: boolean }) =>
  z.string({ error: message }).overwrite((v) => stripControlCharacters(v, options));

const optionalText = (max: number, label: string, options?: { multiline: boolean }) =>
  plainText(`${label} must be text`, options)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

/** Body of POST and PUT /api/blog/admin/posts (SPEC §7), with the limits the editor shows. */
export const BlogPostSchema = z.object({
  title: plainText('Title is required')
    .trim()
    .min(1, 'Title is required')
    .max(LIMITS.title, `Title must be at most ${LIMITS.title} characters`),
  // HTML: the sanitizer cleans it on save.
  content: z
    .string({ error: 'Content is required' })
    .trim()
    .min(1, 'Content is required')
    .max(LIMITS.content, 'Content is too long'),
  excerpt: optionalText(LIMITS.excerpt, 'Excerpt', { multiline: true }),
  featured_image: optionalText(LIMITS.featured_image, 'Featured image'),
  status: z.enum(BLOG_POST_STATUSES, { error: 'Status must be draft, published or archived' }).default('draft'),
  meta_title: optionalText(LIMITS.meta_title, 'SEO title'),
  meta_description: optionalText(LIMITS.meta_description, 'SEO description'),
  tags: z
    .array(
      plainText('A tag must be text')
        .trim()
        .min(1, 'A tag cannot be empty')
        .max(LIMITS.tag, `A tag must be at most ${LIMITS.tag} characters`),
    )
    .max(LIMITS.tags, `At most ${LIMITS.tags} tags`)
    .default([]),
});
/** The body as checked (after defaults and trimming). */
export type BlogPostBody = z.infer<typeof BlogPostSchema>;
/** The body as a client sends it. */
export type BlogPostInput = z.input<typeof BlogPostSchema>;

/**
 * GET /api/blog/posts and the /blog page (SPEC §9): posts a page when `limit` is not given
 * (twelve), the most `limit` may ask for, the highest page number. The blog fast path, the /blog
 * page and the blog remote use these rather than their own numbers.
 */
export const BLOG_LIST_LIMITS = {
  pageSize: 12,
  maxLimit: 50,
  maxPage: 10_000,
} as const;

export const BlogListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(BLOG_LIST_LIMITS.maxPage).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(BLOG_LIST_LIMITS.maxLimit, `limit must be at most ${BLOG_LIST_LIMITS.maxLimit}`)
    .default(BLOG_LIST_LIMITS.pageSize),
});
export type BlogListQuery = z.infer<typeof BlogListQuerySchema>;

export const AdminListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type AdminListQuery = z.infer<typeof AdminListQuerySchema>;

export const BlogSlugParamsSchema = z.object({ slug: z.string() });
/** An admin route's post id: a whole number (Nest's ParseIntPipe answers 400 otherwise). */
export const BlogPostIdParamsSchema = z.object({ id: z.coerce.number().int() });
export const BlogImageParamsSchema = z.object({ name: z.string() });

/** A post (blog-post.entity.ts PublicBlogPost): `content` is left out of the public list. */
export const PublicBlogPost = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** The post's own excerpt, or one made from its content. */
  excerpt: z.string().nullable(),
  content: z.string().optional(),
  featured_image: z.string().nullable(),
  author_name: z.string().nullable(),
  author_avatar: z.string().nullable(),
  status: BlogPostStatus,
  published_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  view_count: z.number().int(),
  tags: z.array(z.string()),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
});
export type PublicBlogPost = z.infer<typeof PublicBlogPost>;

/** A post with its content (the article, and every admin reply). */
export const BlogPostWithContent = PublicBlogPost.extend({ content: z.string() });
export type BlogPostWithContent = z.infer<typeof BlogPostWithContent>;

export const BlogPagination = z.object({
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  limit: z.number().int(),
});
export type BlogPagination = z.infer<typeof BlogPagination>;

/** GET /api/blog/posts: published posts, newest first, without their content. */
export const BlogListReply = ok(z.object({ posts: z.array(PublicBlogPost), pagination: BlogPagination }));
export type BlogListReply = z.infer<typeof BlogListReply>;

/** GET /api/blog/posts/:slug: a published post, its content made ready for readers. */
export const BlogPostReply = ok(BlogPostWithContent);
export type BlogPostReply = z.infer<typeof BlogPostReply>;

/** GET /api/blog/admin/posts: every post, any status. */
export const AdminPostListReply = ok(z.array(BlogPostWithContent));
export type AdminPostListReply = z.infer<typeof AdminPostListReply>;

/** GET /api/blog/admin/posts/:id. */
export const AdminPostReply = ok(BlogPostWithContent);
export type AdminPostReply = z.infer<typeof AdminPostReply>;

/** POST /api/blog/admin/posts and PUT /api/blog/admin/posts/:id. */
export const AdminPostSavedReply = okWith({ data: BlogPostWithContent, message: z.string() });
export type AdminPostSavedReply = z.infer<typeof AdminPostSavedReply>;

/** DELETE /api/blog/admin/posts/:id. */
export const AdminPostDeletedReply = OkMessageReply;
export type AdminPostDeletedReply = z.infer<typeof AdminPostDeletedReply>;

/** Multipart field of both image uploads. */
export const BLOG_IMAGE_FILE_FIELD = 'image';

/** POST /api/blog/upload-image (images inside content). */
export const ContentImageUploadReply = okWith({ imageUrl: z.string(), message: z.string() });
export type ContentImageUploadReply = z.infer<typeof ContentImageUploadReply>;

/** POST /api/blog/admin/upload (the featured image). */
export const FeaturedImageUploadReply = okWith({ data: z.object({ url: z.string() }), message: z.string() });
export type FeaturedImageUploadReply = z.infer<typeof FeaturedImageUploadReply>;
