import { Link } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { blogMessages } from '../blog.messages';
import styles from './breadcrumb.module.css';

/** Home / Blog / current page (SPEC §2 '/blog/{slug}'). */
export function Breadcrumb({ current }: { current: string }) {
  const t = useT(blogMessages);
  return (
    <nav className={styles.breadcrumb} aria-label={t('breadcrumb')}>
      <ol className={styles.list}>
        <li className={styles.item}>
          <Link className={styles.link} to="/">
            {t('home')}
          </Link>
          <span className={styles.separator} aria-hidden="true">
            /
          </span>
        </li>
        <li className={styles.item}>
          <Link className={styles.link} to="/blog">
            {t('blog')}
          </Link>
          <span className={styles.separator} aria-hidden="true">
            /
          </span>
        </li>
        <li className={`${styles.item} ${styles.current}`} aria-current="page">
          {current}
        </li>
      </ol>
    </nav>
  );
}
