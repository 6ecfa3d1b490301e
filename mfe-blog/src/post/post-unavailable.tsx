import { Link } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { blogMessages } from '../blog.messages';
import { Breadcrumb } from './breadcrumb';
import styles from './post-unavailable.module.css';

export interface PostUnavailableProps {
  /** SPEC §8: 'notFound' for a missing slug or a 404, 'failed' for any other failure. */
  reason: 'notFound' | 'failed';
  /** Offered after a failure: loads the article again. */
  onRetry?: () => void;
}

/** The article cannot be shown; both cases lead back to the blog. */
export function PostUnavailable({ reason, onRetry }: PostUnavailableProps) {
  const t = useT(blogMessages);
  const title = reason === 'notFound' ? t('notFound') : t('loadFailed');
  return (
    <>
      <Breadcrumb current={title} />
      <section className={styles.panel} role={reason === 'failed' ? 'alert' : undefined}>
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
          {reason === 'notFound' ? (
            <>
              <path d="M6 3h9l5 5v13H6z" />
              <path d="M15 3v5h5M10 12l4 4M14 12l-4 4" />
            </>
          ) : (
            <>
              <path d="M12 3 2 20h20z" />
              <path d="M12 10v4M12 17h.01" />
            </>
          )}
        </svg>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.hint}>{reason === 'notFound' ? t('notFoundHint') : t('loadFailedHint')}</p>
        <div className={styles.actions}>
          <Link className="pf-button pf-button--primary pf-button--md" to="/blog">
            <span aria-hidden="true">←</span> {t('backToBlog')}
          </Link>
          {onRetry && (
            <button type="button" className="pf-button pf-button--secondary pf-button--md" onClick={onRetry}>
              {t('tryAgain')}
            </button>
          )}
        </div>
      </section>
    </>
  );
}
