import { useT } from '@veo3/platform/i18n/i18n';
import { shareMessages } from '../share/share.messages';
import { generatorMessages } from './generator.messages';
import type { PrefillNotice as Notice } from './use-task-prefill';
import styles from './generator-page.module.css';

/** Longer prompts are cut for the one-line notice; the prompt box holds the whole text. */
const SHORT_PROMPT = 80;

const shorten = (prompt: string) =>
  prompt.length > SHORT_PROMPT ? `${prompt.slice(0, SHORT_PROMPT).trimEnd()}…` : prompt;

/** What the form was filled from (History's Reuse or Remix, a draft back from sign-in), or why it was not; dismissible. */
export function PrefillNotice({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const t = useT(generatorMessages);
  const ts = useT(shareMessages);
  const failed = ['notFound', 'failed', 'shareRemixNotFound', 'shareRemixFailed'].includes(notice.kind);
  return (
    <div
      role={failed ? 'alert' : 'status'}
      className={`${styles.notice} ${failed ? styles.noticeWarn : styles.noticeInfo}`}
    >
      <span className={styles.noticeText}>
        {notice.kind === 'notFound' && t('prefillNotFound')}
        {notice.kind === 'failed' && t('prefillFailed')}
        {notice.kind === 'remixing' && (
          <>
            <strong>{t('remixing', { prompt: shorten(notice.prompt) })}</strong> {t('remixHint')}
          </>
        )}
        {notice.kind === 'reusing' && t('reusing', { prompt: shorten(notice.prompt) })}
        {notice.kind === 'picturesAgain' && t('picturesAgain')}
        {notice.kind === 'shareRemixNotFound' && ts('remixNotFound')}
        {notice.kind === 'shareRemixFailed' && ts('remixFailed')}
        {notice.kind === 'shareRemix' && (
          <>
            <strong>{ts('remixingTitle')}</strong>{' '}
            {[
              ts(notice.promptHidden ? 'remixingHiddenPrompt' : 'remixingText'),
              notice.picture ? ts('remixingPicture') : '',
            ]
              .join(' ')
              .trim()}{' '}
            <a href={notice.pageUrl}>{ts('remixingLink')}</a>
          </>
        )}
      </span>
      <button type="button" className="pf-button pf-button--ghost pf-button--sm" onClick={onDismiss}>
        {t('dismiss')}
      </button>
    </div>
  );
}
