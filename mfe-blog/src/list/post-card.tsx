import { useState } from 'react';
import { Link } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { blogMessages } from '../blog.messages';
import type { PublicBlogPost as BlogListItem } from '@veo3/contracts/blog';
import { PostByline } from '../post-byline';
import { trimExcerpt } from './trim-excerpt';
import styles from './post-card.module.css';

const EXCERPT_LENGTH = 100;
const CARD_TAGS = 3;

export function PostCard({ post }: { post: BlogListItem }) {
  const t = useT(blogMessages);
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        {post.featured_image && !imageFailed ? (
          <img
            className={styles.image}
            src={post.featured_image}
            alt=""
            width={640}
            height={360}
            loading="lazy"
            decoding="async"
            onError={() => setImageFailed(true)}
          />
        ) : (
          <span className={styles.placeholder} aria-hidden="true" />
        )}
      </div>
      <div className={styles.body}>
        {post.tags.length > 0 && (
          <ul className={styles.tags} aria-label={t('tags')}>
            {post.tags.slice(0, CARD_TAGS).map((tag) => (
              <li key={tag} className={styles.tag}>
                {tag}
              </li>
            ))}
          </ul>
        )}
        <h2 className={styles.title}>
          {/* The link covers the whole card (see .link::after), so the card is one tab stop. */}
          <Link className={styles.link} to={`/blog/${encodeURIComponent(post.slug)}`}>
            {post.title}
          </Link>
        </h2>
        {post.excerpt && <p className={styles.excerpt}>{trimExcerpt(post.excerpt, EXCERPT_LENGTH)}</p>}
        <PostByline post={post} className={styles.byline} />
      </div>
    </article>
  );
}
