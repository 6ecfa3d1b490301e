import { useEffect, useState } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { Link } from '@veo3/platform/routing/router';
import { Spinner } from '@veo3/platform/ui/spinner';
import { NotifyWhenReady } from '../notifications/notify-when-ready';
import { generatorMessages } from './generator.messages';
import { ESTIMATED_MINUTES } from './model-options';
import { useWaitText } from './use-wait-text';
import type { ModelWait } from './wait-estimate';
import styles from './generator-page.module.css';

/**
 * After this long (SPEC §9's 120 polls × 3 s) the user is told the video is still being made and
 * will appear in History; polling goes on at a slower pace.
 */
export const LONG_WAIT_MS = 6 * 60_000;

/** m:ss since the user pressed Generate. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export interface GenerationProgressProps {
  /** The server's latest status line, or ours while the request is sent; null when there is nothing beyond the title. */
  text: string | null;
  startedAt: number;
  /** How long the task's model usually takes; null where it is not known (SPEC §9's 5–8 minutes then). */
  wait: ModelWait | null;
}

/**
 * The result area while generating: one title plus the status line when there is one, an elapsed timer and the 5–8 minutes estimate,
 * and after LONG_WAIT_MS a note that the video will appear in History.
 */
export function GenerationProgress({ text, startedAt, wait }: GenerationProgressProps) {
  const t = useT(generatorMessages);
  const waitText = useWaitText();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const longWait = now - startedAt >= LONG_WAIT_MS;

  return (
    <div className={`${styles.stage} ${styles.stageProgress}`}>
      <Spinner size="lg" label="" />
      {/* Both hidden from screen readers: the result area's live region reads them out. */}
      <p className={styles.stageTitle} aria-hidden="true">
        {t('generatingTitle')}
      </p>
      {text && (
        <p className={styles.progressText} aria-hidden="true">
          {text}
        </p>
      )}
      {/* role=timer is a live region that is silent by default: the ticking is not read out. */}
      <p role="timer" className={styles.elapsed}>
        {t('elapsed', { time: formatElapsed(now - startedAt) })}
      </p>
      <p className={styles.stageText}>
        {wait ? t('waitLeave', { wait: waitText(wait) }) : t('estimate', ESTIMATED_MINUTES)}
      </p>
      {/* Always mounted, so the note is announced when it appears. */}
      <p role="status" className={styles.longWait}>
        {longWait && (
          <>
            {t('longWait')} <Link to="/video-history">{t('longWaitLink')}</Link>
          </>
        )}
      </p>
      <NotifyWhenReady />
    </div>
  );
}
