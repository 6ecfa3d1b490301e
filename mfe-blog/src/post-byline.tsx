import { useState } from 'react';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { blogMessages } from './blog.messages';
import type { BlogPostWithContent as BlogPost } from '@veo3/contracts/blog';
import { formatDate } from '@veo3/platform/i18n/format-date';
import styles from './post-byline.module.css';

export interface PostBylineProps {
  post: Pick<BlogPost, 'author_name' | 'author_avatar' | 'published_at' | 'created_at' | 'view_count'>;
  /** 'lg' for the article header: a bigger avatar. */
  size?: 'sm' | 'lg';
  className?: string;
}

/** Author, publication date and view count, as the list cards and the article header show them. */
export function PostByline({ post, size = 'sm', className }: PostBylineProps) {
  const t = useT(blogMessages);
  const lang = useLanguage();
  const [avatarFailed, setAvatarFailed] = useState(false);
  const publishedAt = post.published_at ?? post.created_at;
  const views = new Intl.NumberFormat(lang).format(post.view_count ?? 0);
  const avatarSize = size === 'lg' ? 40 : 24;
  return (
    <div className={[styles.byline, size === 'lg' && styles.large, className].filter(Boolean).join(' ')}>
      {post.author_name && (
        <span className={styles.author}>
          {post.author_avatar && !avatarFailed ? (
            <img
              className={styles.avatar}
              src={post.author_avatar}
              alt=""
              width={avatarSize}
              height={avatarSize}
              loading="lazy"
              decoding="async"
              onError={() => setAvatarFailed(true)}
            />
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
