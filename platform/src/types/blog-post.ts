export type BlogPostStatus = 'draft' | 'published' | 'archived';

/** A blog article as the blog API returns it (SPEC §3 'Blog post'). */
export interface BlogPost {
  id: number | string;
  slug: string;
  title: string;
  excerpt: string | null;
  /** HTML written in the admin editor and sanitized by the server before it is stored. */
  content: string;
  featured_image: string | null;
  author_name: string | null;
  author_avatar: string | null;
  status: BlogPostStatus;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  view_count: number;
  tags: string[];
  meta_title: string | null;
  meta_description: string | null;
}
