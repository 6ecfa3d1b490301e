import { useId } from 'react';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import type { CompletedVideo } from '../api/video-api';
import { videoFileName } from '../generator/download-video';
import { VIDEO_DURATION_SECONDS } from '../generator/model-options';
import { cssAspectRatio } from '../generator/video-format';
import { useCaptionsTrack } from '@veo3/platform/media/use-captions-track';
import { historyMessages } from './history.messages';
import { TaskSummary, taskShape } from './task-summary';
import styles from './video-card.module.css';

/** One completed video: preview with controls, prompt, model, date and a download link. */
export function VideoCard({ video }: { video: CompletedVideo }) {
  const t = useT(historyMessages);
  const lang = useLanguage();
  const promptId = useId();
  const captionsRef = useCaptionsTrack(video.prompt, VIDEO_DURATION_SECONDS);
  const shape = taskShape(video);
  return (
    <article className={styles.card} aria-labelledby={promptId}>
      <video
        className={shape.aspectRatio === '9:16' ? `${styles.video} ${styles.videoPortrait}` : styles.video}
        style={{ aspectRatio: cssAspectRatio(shape.aspectRatio) }}
        data-aspect-ratio={shape.aspectRatio}
        src={video.result_url}
        poster={video.poster_url ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-labelledby={promptId}
      >
        <track ref={captionsRef} kind="captions" srcLang={lang} label={t('captionsLabel')} />
      </video>
      <div className={styles.body}>
        <TaskSummary task={video} promptId={promptId} dateLabel="createdLabel" />
        <a
          href={video.result_url}
          download={videoFileName(Date.parse(video.created_at))}
          aria-describedby={promptId}
          className={`pf-button pf-button--secondary pf-button--sm ${styles.download}`}
        >
          {t('download')}
        </a>
      </div>
    </article>
  );
}
