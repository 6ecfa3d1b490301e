import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

import { BLOG_POST_STATUSES, type BlogPostStatus } from '@veo3/contracts/blog';
import type { PublicBlogPost } from '@veo3/contracts/blog';

export { BLOG_POST_STATUSES, type BlogPostStatus };
/** In characters (code points, as MySQL counts them); a longer name is cut on save. */
export const AUTHOR_NAME_LENGTH = 200;

/** A blog article; `content` is HTML already cleaned by the sanitizer when it was saved. */
@Entity('blog_posts')
export class BlogPostEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 120 })
  slug: string;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  excerpt: string | null;

  @Column({ type: 'text' })
  content: string;

  @Column({ name: 'featured_image', type: 'varchar', length: 1000, nullable: true })
  featuredImage: string | null;

  @Column({ name: 'author_id', type: 'varchar', length: 36, nullable: true })
  authorId: string | null;

  @Column({ name: 'author_name', type: 'varchar', length: AUTHOR_NAME_LENGTH, nullable: true })
  authorName: string | null;

  @Column({ name: 'author_avatar', type: 'varchar', length: 1000, nullable: true })
  authorAvatar: string | null;

  @Column({ type: 'varchar', length: 20 })
  status: BlogPostStatus;

  /**
   * A JSON array of strings, as long as the most tags the API takes can be: 20 of 50 characters,
   * each `"` or `\` escaped to two, with quotes, commas and brackets (2061).
   */
  @Column({ type: 'varchar', length: 2100, default: '[]' })
  tags: string;

  @Column({ name: 'meta_title', type: 'varchar', length: 70, nullable: true })
  metaTitle: string | null;

  @Column({ name: 'meta_description', type: 'varchar', length: 160, nullable: true })
  metaDescription: string | null;

  @Column({ name: 'view_count', type: 'int', default: 0 })
  viewCount: number;

  @Column({ name: 'published_at', type: 'datetime', precision: 3, nullable: true })
  publishedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt: Date;
}

function parseTags(tags: string): string[] {
  try {
    const value: unknown = JSON.parse(tags);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

export function toPublicPost(post: BlogPostEntity, withContent = true): PublicBlogPost {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    ...(withContent && { content: post.content }),
    featured_image: post.featuredImage,
    author_name: post.authorName,
    author_avatar: post.authorAvatar,
    status: post.status,
    published_at: post.publishedAt?.toISOString() ?? null,
    created_at: post.createdAt.toISOString(),
    updated_at: post.updatedAt.toISOString(),
    view_count: post.viewCount,
    tags: parseTags(post.tags),
    meta_title: post.metaTitle,
    meta_description: post.metaDescription,
  };
}
