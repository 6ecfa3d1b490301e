import { useT } from '@veo3/platform/i18n/i18n';
import { blogMessages } from '../blog.messages';
import listStyles from './post-list.module.css';
import styles from './post-list-skeleton.module.css';

/** Cards shown while the first page loads: two rows on desktop, enough to fill a phone screen. */
const SKELETON_CARDS = 6;

/** Placeholder cards with the size and shape of the real ones, so nothing jumps when the posts arrive. */
export function PostListSkeleton() {
  const t = useT(blogMessages);
  return (
    <div className={styles.skeleton}>
      <p className="pf-visually-hidden" role="status">
        {t('loadingArticles')}
      </p>
      <ul className={listStyles.grid} aria-hidden="true">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <li key={i} className={listStyles.item}>
            <div className={styles.card}>
              <div className={styles.media} />
              <div className={styles.body}>
                <span className={`${styles.bar} ${styles.tag}`} />
                <span className={`${styles.bar} ${styles.title}`} />
                <span className={`${styles.bar} ${styles.titleEnd}`} />
                <span className={`${styles.bar} ${styles.line}`} />
                <span className={`${styles.bar} ${styles.lineEnd}`} />
                <span className={styles.byline}>
                  <span className={styles.avatar} />
                  <span className={`${styles.bar} ${styles.meta}`} />
                </span>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
