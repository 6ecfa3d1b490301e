import { Link } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { blogAdminMessages } from '../blog-admin.messages';
import styles from './no-permission.module.css';

/** Signed in without can_manage_blog (SPEC §6). */
export function NoPermission() {
  const t = useT(blogAdminMessages);
  return (
    <section className={styles.panel}>
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
        <rect x="5" y="10" width="14" height="11" rx="2" />
        <path d="M8 10V7a4 4 0 0 1 8 0v3M12 14v3" />
      </svg>
      <h1 className={styles.title}>{t('noPermissionTitle')}</h1>
      <p className={styles.hint}>{t('noPermissionHint')}</p>
      <Link className="pf-button pf-button--primary pf-button--md" to="/">
        {t('backToHome')}
      </Link>
    </section>
  );
}
