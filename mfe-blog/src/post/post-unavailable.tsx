import { Link } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { blogMessages } from '../blog.messages';
import { Breadcrumb } from './breadcrumb';
import styles from './post-not-found.module.css';

/** SPEC §8: a missing slug or an unknown article. */
export function PostNotFound() {
  const t = useT(blogMessages);
  return (
    <>
      <Breadcrumb current={t('notFound')} />
      <section className={styles.panel}>
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 3h9l5 5v13H6z" />
          <path d="M15 3v5h5M10 12l4 4M14 12l-4 4" />
        </svg>
        <h1 className={styles.title}>{t('notFound')}</h1>
        <p className={styles.hint}>{t('notFoundHint')}</p>
        <Link className="pf-button pf-button--primary pf-button--md" to="/blog">
          <span aria-hidden="true">←</span> {t('backToBlog')}
        </Link>
      </section>
    </>
  );
}
