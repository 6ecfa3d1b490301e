import { z } from 'zod';
import { BLOG_POST_STATUSES } from '../blog-post.entity';

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

/** Body of POST and PUT /api/blog/admin/posts (SPEC §7), with the limits the editor shows. */
export const BlogPostSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title must be at most 200 characters'),
  content: z
    .string({ error: 'Content is required' })
    .trim()
    .min(1, 'Content is required')
    .max(2_000_000, 'Content is too long'),
  excerpt: optionalText(500, 'Excerpt'),
  featured_image: optionalText(1000, 'Featured image'),
  status: z.enum(BLOG_POST_STATUSES, { error: 'Status must be draft, published or archived' }).default('draft'),
  meta_title: optionalText(70, 'SEO title'),
  meta_description: optionalText(160, 'SEO description'),
  tags: z
    .array(z.string().trim().min(1).max(50, 'A tag must be at most 50 characters'))
    .max(20, 'At most 20 tags')
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
