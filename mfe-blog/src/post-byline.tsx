import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { blogMessages } from './blog.messages';
import type { BlogPost } from '@veo3/platform/types/blog-post';
import { formatDate } from '@veo3/platform/i18n/format-date';
import styles from './post-byline.module.css';

export interface PostBylineProps {
  post: BlogPost;
  className?: string;
}

/** Author, publication date and view count, as the list cards and the article header show them. */
export function PostByline({ post, className }: PostBylineProps) {
  const t = useT(blogMessages);
  const lang = useLanguage();
  const publishedAt = post.published_at ?? post.created_at;
  const views = new Intl.NumberFormat(lang).format(post.view_count);
  return (
    <div className={[styles.byline, className].filter(Boolean).join(' ')}>
      {post.author_name && (
        <span className={styles.author}>
          {post.author_avatar ? (
            <img className={styles.avatar} src={post.author_avatar} alt="" width={24} height={24} />
          ) : (
            <span className={styles.avatar} aria-hidden="true">
              {Array.from(post.author_name)[0]?.toUpperCase()}
            </span>
          )}
          {t('byAuthor', { name: post.author_name })}
        </span>
      )}
      <span className={styles.facts}>
        <time dateTime={publishedAt}>{t('published', { date: formatDate(publishedAt, lang) })}</time>
        <span className={styles.dot} aria-hidden="true" />
        <span>{t(post.view_count === 1 ? 'viewOne' : 'viewMany', { n: views })}</span>
      </span>
    </div>
  );
}
