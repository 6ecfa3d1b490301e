import { useT } from '@veo3/platform/i18n/i18n';
import { blogMessages } from '../blog.messages';
import styles from './post-skeleton.module.css';

const PARAGRAPHS = [4, 3, 5];

/** The article's text while it loads: paragraphs of grey lines in the reading column. */
export function ContentSkeleton() {
  return (
    <div className={styles.content} aria-hidden="true">
      {PARAGRAPHS.map((lines, p) => (
        <div key={p} className={styles.paragraph}>
          {Array.from({ length: lines }, (_, i) => (
            <span key={i} className={`${styles.bar} ${i === lines - 1 ? styles.lastLine : styles.line}`} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** The whole article page while it loads, laid out like the article itself (post-detail.module.css). */
export function PostSkeleton() {
  const t = useT(blogMessages);
  return (
    <div className={styles.skeleton}>
      <p className="pf-visually-hidden" role="status">
        {t('loadingArticle')}
      </p>
      <div aria-hidden="true">
        <div className={styles.breadcrumb}>
          <span className={`${styles.bar} ${styles.crumb}`} />
          <span className={`${styles.bar} ${styles.crumb}`} />
          <span className={`${styles.bar} ${styles.crumbCurrent}`} />
        </div>
        <div className={styles.header}>
          <div className={styles.tags}>
            <span className={`${styles.bar} ${styles.tag}`} />
            <span className={`${styles.bar} ${styles.tag}`} />
          </div>
          <span className={`${styles.bar} ${styles.title}`} />
          <span className={`${styles.bar} ${styles.titleEnd}`} />
          <div className={styles.byline}>
            <span className={styles.avatar} />
            <span className={`${styles.bar} ${styles.meta}`} />
          </div>
        </div>
        <div className={styles.cover} />
      </div>
      <ContentSkeleton />
    </div>
  );
}
