import { useT } from '@veo3/platform/i18n/i18n';
import { Link } from '@veo3/platform/routing/router';
import { FilmIcon } from './history-icons';
import { historyMessages } from './history.messages';
import styles from './history-page.module.css';

/** No videos yet: an invitation to make the first one. */
export function EmptyHistory() {
  const t = useT(historyMessages);
  return (
    <section className={styles.panel}>
      <FilmIcon />
      <h2 className={styles.panelTitle}>{t('emptyTitle')}</h2>
      <p className={styles.panelText}>{t('emptyText')}</p>
      <Link to="/text-to-veo3-video?type=text" className="pf-button pf-button--primary pf-button--md">
        {t('createFirst')}
      </Link>
    </section>
  );
}
