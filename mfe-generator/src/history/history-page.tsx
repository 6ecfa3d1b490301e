import { Link } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useSession } from '@veo3/platform/session/use-session';
import { historyMessages } from './history.messages';
import styles from './history-page.module.css';

export default function HistoryPage() {
  const t = useT(historyMessages);
  const { user } = useSession();
  usePageMeta(t('title'), '/video-history', t('metaDescription'));

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('title')}</h1>
        {user && <p className={styles.intro}>{t('intro')}</p>}
      </header>
      {user ? (
        <section className={styles.panel}>
          <FilmIcon />
          <h2 className={styles.panelTitle}>{t('emptyTitle')}</h2>
          <p className={styles.panelText}>{t('emptyText')}</p>
          <Link to="/text-to-veo3-video?type=text" className="pf-button pf-button--primary pf-button--md">
            {t('createFirst')}
          </Link>
        </section>
      ) : (
        <section className={styles.panel}>
          <LockIcon />
          <p className={styles.panelText}>{t('signedOutText')}</p>
          <Link to="/login" className="pf-button pf-button--primary pf-button--md">
            {t('loginNow')}
          </Link>
        </section>
      )}
    </div>
  );
}

function FilmIcon() {
  return (
    <span className={styles.icon} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="30" height="30" fill="none" stroke="currentColor" strokeWidth="1.8">
        <rect x="3" y="4" width="18" height="16" rx="2.5" />
        <path d="M7 4v16M17 4v16M3 9h4M3 15h4M17 9h4M17 15h4" />
      </svg>
    </span>
  );
}

function LockIcon() {
  return (
    <span className={styles.icon} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="30" height="30" fill="none" stroke="currentColor" strokeWidth="1.8">
        <rect x="4" y="10" width="16" height="11" rx="2.5" />
        <path d="M8 10V7a4 4 0 1 1 8 0v3" strokeLinecap="round" />
      </svg>
    </span>
  );
}
