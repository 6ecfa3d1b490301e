import { useState } from 'react';
import { Link } from '@veo3/platform/routing/router';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { blogMessages } from '../blog.messages';
import type { BlogPost } from '@veo3/platform/types/blog-post';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { PostByline } from '../post-byline';
import { Breadcrumb } from './breadcrumb';
import { markdownToHtml } from './markdown-to-html';
import styles from './post-detail.module.css';

export function PostDetail({ post }: { post: BlogPost }) {
  const t = useT(blogMessages);
  const lang = useLanguage();
  const [coverFailed, setCoverFailed] = useState(false);
  const published = formatDate(post.published_at ?? post.created_at, lang);
  const updated = formatDate(post.updated_at, lang);
  return (
    <article className={styles.article}>
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
        <PostByline post={post} className={styles.byline} />
        {updated && updated !== published && (
          <p className={styles.updated}>
            <time dateTime={post.updated_at}>{t('updated', { date: updated })}</time>
          </p>
        )}
      </header>
      {post.featured_image && !coverFailed && (
        <img className={styles.cover} src={post.featured_image} alt="" onError={() => setCoverFailed(true)} />
      )}
      <div
        className={styles.content}
        // Safe to inject: the server sanitizes article HTML on save, and markdownToHtml escapes plain text.
        dangerouslySetInnerHTML={{ __html: markdownToHtml(post.content) }}
      />
      <footer className={styles.footer}>
        <Link className="pf-button pf-button--secondary pf-button--md" to="/blog">
          <span aria-hidden="true">←</span> {t('backToBlog')}
        </Link>
      </footer>
    </article>
  );
}
