import { useId, type Ref } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { ErrorPanel } from '@veo3/platform/ui/error-panel';
import { GenerationProgress } from './generation-progress';
import { generatorMessages } from './generator.messages';
import { VIDEO_DURATION_SECONDS } from '@veo3/contracts/catalogue';
import { ESTIMATED_MINUTES } from './model-options';
import type { GenerationState } from './use-generation';
import { VideoResult } from './video-result';
import styles from './generator-page.module.css';

export interface ResultPreviewProps {
  state: GenerationState;
  /** 'Generate New' and 'Try Again'. */
  onReset: () => void;
  /** The section, so the page can bring it into view after Generate. */
  sectionRef?: Ref<HTMLElement>;
}

/** The server's status line, unless it only repeats the title (or there is none yet). */
function statusLine(state: Extract<GenerationState, { phase: 'generating' }>, title: string): string | null {
  const progress = state.progress?.trim();
  if (progress) return progress.replace(/[.…]+$/, '') === title.replace(/[.…]+$/, '') ? null : progress;
  return null;
}

/**
 * The result area: an empty stage with tips while idle, then progress (one title, plus the server's
 * status line when it adds something), the video, or the error panel (role=alert).
 */
export function ResultPreview({ state, onReset, sectionRef }: ResultPreviewProps) {
  const t = useT(generatorMessages);
  const headingId = useId();

  const title = t('generatingTitle');
  const line = state.phase !== 'generating' ? null : state.taskId ? statusLine(state, title) : t('progressSubmitting');
  // Always mounted, so screen readers announce each change; errors are announced by the alert panel.
  const announcement =
    state.phase === 'success'
      ? t('videoReady')
      : state.phase === 'generating'
        ? [title, line].filter(Boolean).join(' ')
        : '';

  return (
    <section ref={sectionRef} className={styles.result} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionHeading}>
        {t('previewHeading')}
      </h2>
      <p role="status" className="pf-visually-hidden">
        {announcement}
      </p>
      {state.phase === 'idle' && <IdleStage />}
      {state.phase === 'generating' && <GenerationProgress text={line} startedAt={state.startedAt} />}
      {state.phase === 'success' && (
        <VideoResult
          videoUrl={state.videoUrl}
          posterUrl={state.posterUrl}
          prompt={state.prompt}
          aspectRatio={state.aspectRatio}
          onGenerateNew={onReset}
        />
      )}
      {state.phase === 'error' && (
        <ErrorPanel
          title={t('errorTitle')}
          message={t(state.failure.key, state.failure.vars)}
          onRetry={onReset}
          retryLabel={t('tryAgain')}
        />
      )}
      {(state.phase === 'idle' || state.phase === 'generating') && <Tips />}
    </section>
  );
}

function IdleStage() {
  const t = useT(generatorMessages);
  return (
    <div className={styles.stage}>
      <span className={styles.stageIcon} aria-hidden="true">
        <svg className={styles.icon} viewBox="0 0 24 24" width="32" height="32" fill="currentColor">
          <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
        </svg>
      </span>
      <p className={styles.stageTitle}>{t('idleTitle')}</p>
      <p className={styles.stageText}>{t('idleText', { seconds: VIDEO_DURATION_SECONDS, ...ESTIMATED_MINUTES })}</p>
    </div>
  );
}

function Tips() {
  const t = useT(generatorMessages);
  return (
    <div className={styles.tips}>
      <h3 className={styles.tipsHeading}>{t('tipsHeading')}</h3>
      <ul className={styles.tipList}>
        <li>{t('tipSubject')}</li>
        <li>{t('tipCamera')}</li>
        <li>{t('tipSound')}</li>
      </ul>
    </div>
  );
}
