import { useId } from 'react';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Link } from '@veo3/platform/routing/router';
import type { CompletedVideo } from '../api/video-api';
import { videoFileName } from '../generator/download-video';
import { VIDEO_DURATION_SECONDS } from '@veo3/contracts/catalogue';
import { cssAspectRatio } from '../generator/video-format';
import { useCaptionsTrack } from '@veo3/platform/media/use-captions-track';
import { historyMessages } from './history.messages';
import { canRemix, remixUrl, reuseUrl, shortPrompt } from './task-handoff';
import { TaskSummary, taskShape } from './task-summary';
import styles from './video-card.module.css';

/**
 * One completed video: preview with controls, prompt, model, date, a download link, and its actions:
 * Reuse and Remix open the generator filled from it, Delete hands it to `onDelete`. Each action's name
 * says which video it is for; Reuse comes first (`data-first-action`: where focus lands after a delete).
 */
export function VideoCard({ video, onDelete }: { video: CompletedVideo; onDelete: (video: CompletedVideo) => void }) {
  const t = useT(historyMessages);
  const prompt = shortPrompt(video.prompt);
  const lang = useLanguage();
  const promptId = useId();
  const captionsRef = useCaptionsTrack(video.prompt, VIDEO_DURATION_SECONDS);
  const shape = taskShape(video);
  return (
    <article className={styles.card} aria-labelledby={promptId} data-task-id={video.id}>
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
        <div className={styles.actions}>
          <Link
            to={reuseUrl(video)}
            aria-label={t('reuseLabel', { prompt })}
            className="pf-button pf-button--secondary pf-button--sm"
            data-first-action=""
          >
            {t('reuse')}
          </Link>
          {canRemix(video) && (
            <Link
              to={remixUrl(video)}
              aria-label={t('remixLabel', { prompt })}
              className="pf-button pf-button--secondary pf-button--sm"
            >
              {t('remix')}
            </Link>
          )}
          <a
            href={video.result_url}
            download={videoFileName(Date.parse(video.created_at))}
            aria-describedby={promptId}
            className="pf-button pf-button--secondary pf-button--sm"
          >
            {t('download')}
          </a>
          <button
            type="button"
            aria-label={t('deleteLabel', { prompt })}
            className={`pf-button pf-button--ghost pf-button--sm ${styles.delete}`}
            onClick={() => onDelete(video)}
          >
            {t('delete')}
          </button>
        </div>
      </div>
    </article>
  );
}
