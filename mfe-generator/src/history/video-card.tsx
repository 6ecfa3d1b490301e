import { useId } from 'react';
import { formatShape } from '../../../services/src/video/generation-options';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import type { CompletedVideo } from '../api/video-api';
import { videoFileName } from '../generator/download-video';
import { modelName, VIDEO_DURATION_SECONDS } from '../generator/model-options';
import { cssAspectRatio } from '../generator/video-format';
import { useCaptionsTrack } from '@veo3/platform/media/use-captions-track';
import { historyMessages } from './history.messages';
import styles from './video-card.module.css';

/** One completed video: preview with controls, prompt, model, date and a download link. */
export function VideoCard({ video }: { video: CompletedVideo }) {
  const t = useT(historyMessages);
  const lang = useLanguage();
  const promptId = useId();
  const captionsRef = useCaptionsTrack(video.prompt, VIDEO_DURATION_SECONDS);
  // Tasks from before formats existed are 16:9 720p.
  const shape = { aspectRatio: video.aspect_ratio ?? '16:9', resolution: video.resolution ?? '720p' } as const;
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
        <p id={promptId} className={styles.prompt} title={video.prompt}>
          {video.prompt}
        </p>
        <dl className={styles.meta}>
          <div>
            <dt>{t('modelLabel')}</dt>
            <dd>{modelName(video.model)}</dd>
          </div>
          <div>
            <dt>{t('formatLabel')}</dt>
            <dd>{formatShape(shape)}</dd>
          </div>
          <div>
            <dt>{t('createdLabel')}</dt>
            <dd>
              <time dateTime={video.created_at}>{formatDate(video.created_at, lang, true)}</time>
            </dd>
          </div>
        </dl>
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
