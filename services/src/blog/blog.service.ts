import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { stripControlCharacters } from '@veo3/contracts/plain-text';
import type { EntityManager } from 'typeorm';
import { afterCommit, isUniqueViolation } from '../database/transaction';
import type { SessionUser } from '../users/session-user';
import { articleText, readerArticleHtml, sanitizeArticleHtml } from './blog-html.sanitizer';
import { MetricsService } from '../metrics/metrics.service';
import { BlogCache, type CachedReply } from './blog-cache';
import type { BlogPostWithContent, PublicBlogPost } from '@veo3/contracts/blog';
import { AUTHOR_NAME_LENGTH, toPublicPost, type BlogPostEntity } from './blog-post.entity';
import { BlogPostRepository } from './blog-post.repository';
import { BlogErrorCode, BlogException } from './blog.exception';
import { draftSlug } from '@veo3/contracts/draft-slug';
import type { BlogPostBody } from '@veo3/contracts/blog';

/** Buffered views are written at most this often (and on a clean stop). */
const VIEW_FLUSH_MS = 5_000;
const CACHE_TTL_MS = 30_000;
const EXCERPT_LENGTH = 200;

@Injectable()
export class BlogService implements OnModuleDestroy {
  private readonly logger = new Logger(BlogService.name);
  private readonly cache = new BlogCache(CACHE_TTL_MS);
  private readonly pendingViews = new Map<number, number>();
  private readonly flushTimer: NodeJS.Timeout;

  constructor(
    private readonly posts: BlogPostRepository,
    private readonly metrics: MetricsService,
  ) {
    this.flushTimer = setInterval(() => void this.flushViews(), VIEW_FLUSH_MS);
    this.flushTimer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.flushTimer);
    await this.flushViews();
  }

  /** A public reply from the cache, or rendered now (null: nothing to show). */
  async cached(
    key: string,
    render: () => Promise<{ body: string; postId?: number } | null>,
  ): Promise<CachedReply | null> {
    let rendered = false;
    const reply = await this.cache.get(key, () => ((rendered = true), render()));
    this.metrics.blogLookup(!rendered);
    return reply;
  }

  async publishedPage(page: number, limit: number) {
    const [items, total] = await this.posts.publishedPage((page - 1) * limit, limit);
    return {
      posts: items.map((p) => this.toPublic(p, false)),
      pagination: { page, pages: Math.ceil(total / limit), total, limit },
    };
  }

  /** A ready reply, without rendering: what the fast path serves (a miss goes on to `cached`, counted there). */
  peek(key: string): CachedReply | null {
    const reply = this.cache.peek(key);
    if (reply) this.metrics.blogLookup(true);
    return reply;
  }

  /**
   * Every read of a post's JSON counts as a view, cached or not; its page's HTML does not (the
   * remote reads the JSON right after).
   */
  countRead(reply: CachedReply): void {
    if (reply.postId) this.countView(reply.postId);
  }

  findPublished(slug: string): Promise<BlogPostEntity | null> {
    if (slug.length > 120) return Promise.resolve(null);
    return this.posts.findPublishedBySlug(slug);
  }

  /** The newest published posts, for RSS and the /blog page. */
  published(limit: number): Promise<BlogPostEntity[]> {
    return this.posts.latestPublished(limit);
  }

  /** Every published post's address and last change, for the sitemap. */
  sitemapEntries(): Promise<Pick<BlogPostEntity, 'slug' | 'updatedAt'>[]> {
    return this.posts.publishedSlugs();
  }

  async adminList(page: number, limit: number): Promise<BlogPostWithContent[]> {
    const posts = await this.posts.page((page - 1) * limit, limit);
    return posts.map((p) => this.withContent(p));
  }

  async adminGet(id: number): Promise<BlogPostWithContent> {
    return this.withContent(await this.byId(id));
  }

  async create(author: SessionUser, dto: BlogPostBody): Promise<BlogPostWithContent> {
    const fields = this.fields(dto);
    for (let attempt = 0; ; attempt++) {
      const slug = await this.uniqueSlug(draftSlug(dto.title), null);
      try {
        const id = await this.posts.insert({
          ...fields,
          slug,
          authorId: author.id,
          authorName: authorNameOf(author),
          authorAvatar: author.picture,
          viewCount: 0,
          publishedAt: dto.status === 'published' ? new Date() : null,
        });
        this.cache.clear();
        return this.adminGet(id);
      } catch (error) {
        // Two posts with the same title saved at once: take the next free slug.
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
  }

  async update(id: number, dto: BlogPostBody): Promise<BlogPostWithContent> {
    const post = await this.byId(id);
    const everPublished = post.publishedAt !== null;
    // A published post keeps its address; a draft's follows its title.
    const slug = everPublished ? post.slug : await this.uniqueSlug(draftSlug(dto.title), id);
    await this.posts.update(id, {
      ...this.fields(dto),
      slug,
      publishedAt: post.publishedAt ?? (dto.status === 'published' ? new Date() : null),
    });
    this.cache.clear();
    return this.adminGet(id);
  }

  /**
   * A deleted account's posts stay (they are the site's), shown under the site's name: their author's
   * name, picture and id go, in `m`'s transaction; the rendered pages are dropped once committed.
   */
  async forgetAuthor(m: EntityManager, authorId: string): Promise<void> {
    if (await this.posts.forgetAuthor(m, authorId)) afterCommit(m, () => this.cache.clear());
  }

  async remove(id: number): Promise<void> {
    if (!(await this.posts.delete(id))) throw new BlogException(BlogErrorCode.NotFound, 'Article not found');
    this.pendingViews.delete(id);
    this.cache.clear();
  }

  /** A published post as the public site shows it. */
  forReaders(post: BlogPostEntity): PublicBlogPost {
    return { ...this.toPublic(post), content: readerArticleHtml(post.content) };
  }

  /** A post as the blog admin edits it: its stored content. */
  private withContent(post: BlogPostEntity): BlogPostWithContent {
    return { ...this.toPublic(post), content: post.content };
  }

  toPublic(post: BlogPostEntity, withContent = true): PublicBlogPost {
    return {
      ...toPublicPost(post, withContent),
      excerpt: post.excerpt || excerptOf(post.content),
      view_count: post.viewCount + (this.pendingViews.get(post.id) ?? 0),
    };
  }

  /** Views are added up in memory and written in one atomic increment per post. */
  private countView(id: number): void {
    this.pendingViews.set(id, (this.pendingViews.get(id) ?? 0) + 1);
  }

  async flushViews(): Promise<void> {
    const batch = [...this.pendingViews];
    this.pendingViews.clear();
    for (const [id, count] of batch) {
      try {
        await this.posts.addViews(id, count);
      } catch (error) {
        // Kept for the next flush rather than lost.
        this.pendingViews.set(id, (this.pendingViews.get(id) ?? 0) + count);
        this.logger.warn(`could not record ${count} views of post ${id}: ${String(error)}`);
      }
    }
  }

  private fields(dto: BlogPostBody) {
    return {
      title: dto.title,
      content: sanitizeArticleHtml(dto.content),
      excerpt: dto.excerpt,
      featuredImage: safeImageUrl(dto.featured_image),
      status: dto.status,
      metaTitle: dto.meta_title,
      metaDescription: dto.meta_description,
      tags: JSON.stringify([...new Set(dto.tags)]),
    };
  }

  private async byId(id: number): Promise<BlogPostEntity> {
    const post = await this.posts.findById(id);
    if (!post) throw new BlogException(BlogErrorCode.NotFound, 'Article not found');
    return post;
  }

  /** `base`, or `base-2`, `base-3`… whichever no other post uses. */
  private async uniqueSlug(base: string, ownId: number | null): Promise<string> {
    const taken = new Set((await this.posts.slugsLike(base)).filter((p) => p.id !== ownId).map((p) => p.slug));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) {
      const candidate = `${base}-${n}`;
      if (!taken.has(candidate)) return candidate;
    }
  }
}

/**
 * The name readers see: the user's, else the e-mail's local part (which can be longer than the
 * column), without hidden characters and cut by code points, as MySQL counts, so no emoji is split.
 */
function authorNameOf(author: SessionUser): string | null {
  const clean = (text: string) =>
    Array.from(stripControlCharacters(text).trim()).slice(0, AUTHOR_NAME_LENGTH).join('').trimEnd();
  return clean(author.name ?? '') || clean(author.email.split('@')[0] ?? '') || null;
}

function excerptOf(html: string): string {
  const text = articleText(html);
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…` : text;
}

/** A featured image is our own upload or an http(s) address; anything else is dropped. */
function safeImageUrl(url: string | null): string | null {
  if (!url) return null;
  if (/^\/api\/blog\/images\/[\w.-]+$/.test(url)) return url;
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol) ? url : null;
  } catch {
    return null;
  }
}
