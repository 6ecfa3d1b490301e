import { useId, type Ref } from 'react';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { useCaptionsTrack } from '@veo3/platform/media/use-captions-track';
import { ErrorPanel } from '@veo3/platform/ui/error-panel';
import { GenerationProgress } from './generation-progress';
import { generatorMessages } from './generator.messages';
import { VIDEO_DURATION_SECONDS } from '@veo3/contracts/catalogue';
import { ESTIMATED_MINUTES } from './model-options';
import type { GenerationState } from './generation-state';
import type { CompletedVideo } from '../api/video-api';
import { cssAspectRatio } from './video-format';
import { VideoResult, type VideoResultProps } from './video-result';
import styles from './generator-page.module.css';

export interface ResultPreviewProps {
  state: GenerationState;
  /** 'Generate New' and 'Try Again'. */
  onReset: () => void;
  /** Edit and Extend for a finished video, or null when it cannot be edited (not Omni, or Omni not editable now). */
  followUpFor: (video: CompletedVideo) => VideoResultProps['followUp'];
  /** The length of the video the form would make, told while idle. */
  seconds: number;
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
export function ResultPreview({ state, onReset, followUpFor, seconds, sectionRef }: ResultPreviewProps) {
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
      {state.phase === 'idle' && <IdleStage seconds={seconds} />}
      {state.phase === 'generating' && <GenerationProgress text={line} startedAt={state.startedAt} />}
      {state.phase === 'generating' && state.base && <BaseVersion video={state.base} />}
      {state.phase === 'success' && (
        <VideoResult video={state.video} onGenerateNew={onReset} followUp={followUpFor(state.video)} />
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

/** The version an edit or extension starts from, kept in view until the new one is ready. */
function BaseVersion({ video }: { video: CompletedVideo }) {
  const t = useT(generatorMessages);
  const lang = useLanguage();
  const captionId = useId();
  const captionsRef = useCaptionsTrack(video.instruction ?? video.prompt, video.duration_s ?? VIDEO_DURATION_SECONDS);
  return (
    <figure className={styles.baseVersion}>
      <video
        className={styles.video}
        style={{ aspectRatio: cssAspectRatio(video.aspect_ratio) }}
        src={video.result_url}
        poster={video.poster_url ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-labelledby={captionId}
      >
        <track ref={captionsRef} kind="captions" srcLang={lang} label={t('captionsLabel')} />
      </video>
      <figcaption id={captionId} className={styles.hint}>
        {t('baseVersion')}
      </figcaption>
    </figure>
  );
}

function IdleStage({ seconds }: { seconds: number }) {
  const t = useT(generatorMessages);
  return (
    <div className={styles.stage}>
      <span className={styles.stageIcon} aria-hidden="true">
        <svg className={styles.icon} viewBox="0 0 24 24" width="32" height="32" fill="currentColor">
          <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
        </svg>
      </span>
      <p className={styles.stageTitle}>{t('idleTitle')}</p>
      <p className={styles.stageText}>{t('idleText', { seconds, ...ESTIMATED_MINUTES })}</p>
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
