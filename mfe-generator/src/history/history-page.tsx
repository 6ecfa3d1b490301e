import { useRef } from 'react';
import { Link } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useLoginPath } from '@veo3/platform/session/login-return';
import { useSession } from '@veo3/platform/session/use-session';
import { LockIcon } from './history-icons';
import { historyMessages } from './history.messages';
import { VideoHistory } from './video-history';
import styles from './history-page.module.css';

export default function HistoryPage() {
  const t = useT(historyMessages);
  const { user } = useSession();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loginPath = useLoginPath();
  usePageMeta(t('title'), '/video-history', t('metaDescription'));

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        {/* Focus lands here when a delete leaves no card to move to. */}
        <h1 className={styles.title} ref={headingRef} tabIndex={-1}>
          {t('title')}
        </h1>
        {user && <p className={styles.intro}>{t('intro')}</p>}
      </header>
      {user ? (
        <VideoHistory userId={user.id} headingRef={headingRef} />
      ) : (
        <section className={styles.panel}>
          <LockIcon />
          <p className={styles.panelText}>{t('signedOutText')}</p>
          <Link to={loginPath} className="pf-button pf-button--primary pf-button--md">
            {t('loginNow')}
          </Link>
        </section>
      )}
    </div>
  );
}
