import { useT } from '@veo3/platform/i18n/i18n';
import { historyMessages } from './history.messages';
import { shortPrompt } from './task-handoff';
import type { Deletion, HistoryAlert } from './use-delete-with-undo';
import styles from './undo-notice.module.css';

/**
 * The "Video deleted." notice with Undo, in a polite live region that stays in the page (so each
 * new text is announced), and a failed delete or undo as an alert.
 */
export function UndoNotice({
  notice,
  alert,
  onUndo,
  onDismissAlert,
}: {
  notice: Deletion | null;
  alert: HistoryAlert | null;
  onUndo: () => void;
  onDismissAlert: () => void;
}) {
  const t = useT(historyMessages);
  return (
    <div className={styles.stack}>
      {alert && (
        <div role="alert" className={`${styles.toast} ${styles.alert}`}>
          <span className={styles.text}>{t(alert.key, { prompt: shortPrompt(alert.prompt) })}</span>
          <button type="button" className="pf-button pf-button--ghost pf-button--sm" onClick={onDismissAlert}>
            {t('dismiss')}
          </button>
        </div>
      )}
      <div role="status" aria-live="polite" className={notice ? styles.toast : styles.empty}>
        {notice && (
          <>
            <span className={styles.text}>{t('deleted')}</span>
            <button
              type="button"
              className="pf-button pf-button--primary pf-button--sm"
              aria-label={t('undoLabel', { prompt: shortPrompt(notice.video.prompt) })}
              onClick={onUndo}
            >
              {t('undo')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
