/**
 * The most each field of a blog post (the body of SPEC §7's POST /api/blog/admin/posts) may hold,
 * in characters: zod counts code points, as MySQL's varchar does (the editor's `maxLength` counts
 * UTF-16 units, so an emoji counts two there: the form is at most stricter). Each column holds its
 * field's most (blog.spec checks it on SQLite and MySQL). The admin remote imports it too
 * (`@veo3/contracts/blog-post-limits`), so its form keeps to the same limits.
 */
export const BLOG_POST_LIMITS = {
  title: 200,
  content: 2_000_000,
  excerpt: 500,
  featured_image: 1000,
  meta_title: 70,
  meta_description: 160,
  /** Characters in one tag. */
  tag: 50,
  /** Tags on one post. */
  tags: 20,
} as const;
