import { useMemo, useState } from 'react';
import { Link } from '@veo3/platform/routing/router';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { blogMessages } from '../blog.messages';
import type { PublicBlogPost as BlogListItem } from '@veo3/contracts/blog';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { PostByline } from '../post-byline';
import { Breadcrumb } from './breadcrumb';
import { markdownToHtml } from './markdown-to-html';
import { ContentSkeleton } from './post-skeleton';
import styles from './post-detail.module.css';

/**
 * One article. `content` is missing while the article loads after a click in the list (the
 * list's copy of the post is shown at once); its text then appears in place of grey lines.
 */
export function PostDetail({ post }: { post: BlogListItem }) {
  const t = useT(blogMessages);
  const lang = useLanguage();
  const [coverFailed, setCoverFailed] = useState(false);
  const published = formatDate(post.published_at ?? post.created_at, lang);
  const updated = formatDate(post.updated_at, lang);
  const html = useMemo(() => (post.content === undefined ? null : markdownToHtml(post.content)), [post.content]);
  return (
    <article className={styles.article} aria-busy={html === null}>
      <Breadcrumb current={post.title} />
      <header className={styles.header}>
        {post.tags.length > 0 && (
          <ul className={styles.tags} aria-label={t('tags')}>
            {post.tags.map((tag) => (
              <li key={tag} className={styles.tag}>
                {tag}
              </li>
            ))}
          </ul>
        )}
        <h1 className={styles.title}>{post.title}</h1>
        <PostByline post={post} size="lg" className={styles.byline} />
        {updated && updated !== published && (
          <p className={styles.updated}>
            <time dateTime={post.updated_at}>{t('updated', { date: updated })}</time>
          </p>
        )}
      </header>
      {post.featured_image && !coverFailed && (
        <img
          className={styles.cover}
          src={post.featured_image}
          alt=""
          width={1280}
          height={720}
          decoding="async"
          fetchPriority="high"
          onError={() => setCoverFailed(true)}
        />
      )}
      {html === null ? (
        <ContentSkeleton />
      ) : (
        <div
          className={styles.content}
          // Safe to inject: the server sanitizes article HTML on save, and markdownToHtml only marks up text.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
      <footer className={styles.footer}>
        <Link className="pf-button pf-button--secondary pf-button--md" to="/blog">
          <span aria-hidden="true">←</span> {t('backToBlog')}
        </Link>
      </footer>
    </article>
  );
}
