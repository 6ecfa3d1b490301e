import { z } from 'zod';
import { stripControlCharacters } from '../../common/plain-text';
import { BLOG_POST_LIMITS as LIMITS } from '../blog-post-limits';
import { BLOG_POST_STATUSES } from '../blog-post.entity';

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
export type BlogPostDto = z.infer<typeof BlogPostSchema>;

export const BlogListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50, 'limit must be at most 50').default(12),
});
export type BlogListQueryDto = z.infer<typeof BlogListQuerySchema>;

export const AdminListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type AdminListQueryDto = z.infer<typeof AdminListQuerySchema>;
