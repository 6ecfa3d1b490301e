import { BLOG_LIST_LIMITS } from '@veo3/contracts/blog';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import type { BlogPostEntity } from '../blog/blog-post.entity';
import type { CachedReply } from '../blog/blog-cache';
import { blogCacheKeys, blogPageNumber } from '../blog/blog-cache-keys';
import { BlogService } from '../blog/blog.service';
import { escapeHtml } from './html';
import { ROUTE_META } from './route-meta';
import { absoluteUrl, PageShellRenderer, SITE_NAME } from './page-shell.renderer';

const BLOG_LIST_SIZE = BLOG_LIST_LIMITS.pageSize;

/**
 * /blog and /blog/:slug as HTML with their posts in it (for crawlers, link previews and readers
 * without JavaScript), inside the page shell, cached by the blog module.
 */
@Injectable()
export class BlogPagesRenderer {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly blog: BlogService,
    private readonly shell: PageShellRenderer,
  ) {}

  /** The page of a /blog path, from the blog's cache; an unknown post is a 404 page. */
  async blogPage(path: string, pageParam?: string): Promise<{ status: number; reply: CachedReply }> {
    const clean = path.replace(/\/+$/, '');
    if (clean === '/blog') {
      const page = blogPageNumber(pageParam);
      const reply = await this.blog.cached(blogCacheKeys.listPage(page), async () => ({
        body: this.blogListPage(page, await this.blog.publishedPage(page, BLOG_LIST_SIZE)),
      }));
      return { status: 200, reply: reply! };
    }
    const slug = clean.slice('/blog/'.length);
    const reply = await this.blog.cached(blogCacheKeys.postPage(slug), async () => {
      const post = slug.includes('/') ? null : await this.blog.findPublished(slug);
      return post && { body: this.blogPostPage(clean, post) };
    });
    if (reply) return { status: 200, reply };
    const body = this.shell.renderPage(clean, {
      title: 'Article not found',
      description: 'This article does not exist.',
      body: '<main><h1>Article not found</h1><p><a href="/blog">Back to Blog</a></p></main>',
      noindex: true,
    });
    return { status: 404, reply: { body, etag: '' } };
  }

  private blogListPage(page: number, list: Awaited<ReturnType<BlogService['publishedPage']>>): string {
    const items = list.posts
      .map(
        (p) =>
          `<li><article><h2><a href="/blog/${encodeURIComponent(p.slug)}">${escapeHtml(p.title)}</a></h2><p>${escapeHtml(p.excerpt ?? '')}</p></article></li>`,
      )
      .join('');
    const pageLink = (n: number, label: string) => `<a href="/blog${n > 1 ? `?page=${n}` : ''}">${label}</a>`;
    const nav = [
      page > 1 ? pageLink(page - 1, 'Newer articles') : '',
      page < list.pagination.pages ? pageLink(page + 1, 'Older articles') : '',
    ].join(' ');
    const body = `<main><h1>Blog</h1>${items ? `<ul>${items}</ul>` : '<p>No articles yet</p>'}${nav.trim() ? `<nav aria-label="Pages">${nav}</nav>` : ''}</main>`;
    return this.shell.renderPage('/blog', {
      ...ROUTE_META['/blog']!,
      ...(page > 1 && { title: `Blog – Page ${page}`, canonicalPath: `/blog?page=${page}` }),
      body,
    });
  }

  private blogPostPage(path: string, post: BlogPostEntity): string {
    const shown = this.blog.forReaders(post);
    const description = (post.metaDescription || shown.excerpt || ROUTE_META['/blog']!.description).slice(0, 300);
    const url = `${this.config.siteUrl}${path}`;
    const image = post.featuredImage ? absoluteUrl(this.config.siteUrl, post.featuredImage) : null;
    const date = post.publishedAt?.toISOString().slice(0, 10) ?? '';
    const body =
      `<main><article>` +
      `<nav aria-label="Breadcrumb"><a href="/">Home</a> / <a href="/blog">Blog</a> / <span>${escapeHtml(post.title)}</span></nav>` +
      `<h1>${escapeHtml(post.title)}</h1>` +
      `<p>${escapeHtml(post.authorName ?? SITE_NAME)}${date ? ` · <time datetime="${date}">${date}</time>` : ''}</p>` +
      (image ? `<img src="${escapeHtml(image)}" alt="" />` : '') +
      // Sanitized on save and again for readers (blog-html.sanitizer).
      `<div>${shown.content}</div>` +
      `<p><a href="/blog">Back to Blog</a></p></article></main>`;
    return this.shell.renderPage(path, {
      title: post.metaTitle || post.title,
      description,
      image,
      article: { publishedAt: post.publishedAt, updatedAt: post.updatedAt, author: post.authorName },
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description,
        mainEntityOfPage: url,
        url,
        ...(image && { image: [image] }),
        ...(post.publishedAt && { datePublished: post.publishedAt.toISOString() }),
        dateModified: post.updatedAt.toISOString(),
        author: { '@type': 'Person', name: post.authorName ?? SITE_NAME },
        publisher: { '@type': 'Organization', name: SITE_NAME, url: this.config.siteUrl },
        keywords: shown.tags.join(', ') || undefined,
      },
      body,
    });
  }
}
