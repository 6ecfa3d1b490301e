import { useId, useState } from 'react';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Link } from '@veo3/platform/routing/router';
import type { CompletedVideo, CompletedHistoryVideo } from '../api/video-api';
import { videoFileName } from '../generator/download-video';
import { canFollowUp } from '../generator/follow-up';
import { DRAFT_RESOLUTION } from '@veo3/contracts/model-catalogue';
import { VIDEO_MODEL_IDS } from '@veo3/contracts/catalogue';
import { VIDEO_DURATION_SECONDS } from '@veo3/contracts/catalogue';
import { cssAspectRatio } from '../generator/video-format';
import { useCaptionsTrack } from '@veo3/platform/media/use-captions-track';
import { historyMessages } from './history.messages';
import { canRemix, followUpUrl, remixUrl, reuseUrl, shortPrompt } from './task-handoff';
import { TaskSummary, taskShape } from './task-summary';
import { VideoVersions } from './video-versions';
import { generatorMessages } from '../generator/generator.messages';
import { RemakeButton } from '../generator/remake-button';
import { ShareButton } from '../share/share-button';
import { useCatalogue } from '../generator/use-video-options';
import type { HistoryRemake } from './use-history-remake';
import styles from './video-card.module.css';

/**
 * One video: preview with controls, prompt, model, date, its versions (when edited or extended), a
 * download link, and its actions: Reuse and Remix open the generator filled from it, Edit and Extend
 * (Omni) open it in the generator with that form, Share opens its public link's dialog, Delete hands
 * it to `onDelete`. The player, Download, Share, Reuse, Remix, Edit and Extend act on the version
 * shown (the newest until another is chosen). Each
 * action's name says which video it is for; Reuse comes first (`data-first-action`: where focus lands
 * after a delete).
 */
export function VideoCard({
  video,
  onDelete,
  remake,
}: {
  video: CompletedHistoryVideo;
  onDelete: (video: CompletedHistoryVideo) => void;
  remake: HistoryRemake;
}) {
  const t = useT(historyMessages);
  const prompt = shortPrompt(video.prompt);
  const lang = useLanguage();
  const promptId = useId();
  const versions: readonly CompletedVideo[] = video.versions?.length ? video.versions : [video];
  const [selectedId, setSelectedId] = useState(video.id);
  // A version gone from the list (deleted, or the list loaded again) falls back to the newest.
  const shown = versions.find((version) => version.id === selectedId) ?? video;
  const number = versions.length - versions.indexOf(shown);
  const captionsRef = useCaptionsTrack(shown.instruction ?? shown.prompt, shown.duration_s ?? VIDEO_DURATION_SECONDS);
  const shape = taskShape(shown);
  // Read only where it decides something: a draft's remake, or whether a newer model's video edits.
  const catalogue = useCatalogue(shown.resolution === DRAFT_RESOLUTION || !isFirstModel(shown.model));
  const remakeFailure = remake.failureFor(shown.id);
  const tg = useT(generatorMessages);
  const versionName = versions.length > 1 ? { prompt: `${prompt} (${t('versionNumber', { number })})` } : { prompt };
  return (
    <article className={styles.card} aria-labelledby={promptId} data-task-id={video.id}>
      <video
        key={shown.id}
        className={shape.aspectRatio === '9:16' ? `${styles.video} ${styles.videoPortrait}` : styles.video}
        style={{ aspectRatio: cssAspectRatio(shape.aspectRatio) }}
        data-aspect-ratio={shape.aspectRatio}
        data-version-id={shown.id}
        src={shown.result_url}
        poster={shown.poster_url ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-labelledby={promptId}
      >
        <track ref={captionsRef} kind="captions" srcLang={lang} label={t('captionsLabel')} />
      </video>
      <div className={styles.body}>
        <TaskSummary task={video} promptId={promptId} dateLabel="createdLabel" />
        {versions.length > 1 && (
          <VideoVersions
            versions={versions}
            selectedId={shown.id}
            onSelect={(version) => setSelectedId(version.id)}
            prompt={prompt}
          />
        )}
        <div className={styles.actions}>
          <Link
            to={reuseUrl(shown)}
            aria-label={t('reuseLabel', versionName)}
            className="pf-button pf-button--secondary pf-button--sm"
            data-first-action=""
          >
            {t('reuse')}
          </Link>
          {canRemix(shown) && (
            <Link
              to={remixUrl(shown)}
              aria-label={t('remixLabel', versionName)}
              className="pf-button pf-button--secondary pf-button--sm"
            >
              {t('remix')}
            </Link>
          )}
          {canFollowUp(shown, catalogue) &&
            (['edit', 'extend'] as const).map((kind) => (
              <Link
                key={kind}
                to={followUpUrl(shown, kind)}
                aria-label={t(kind === 'edit' ? 'editLabel' : 'extendLabel', versionName)}
                className="pf-button pf-button--secondary pf-button--sm"
              >
                {t(kind)}
              </Link>
            ))}
          <RemakeButton
            task={shown}
            catalogue={catalogue}
            onRemake={(task, resolution) => void remake.remake(task, resolution)}
            disabled={remake.sending !== null}
            className="pf-button pf-button--primary pf-button--sm"
          />
          <a
            href={shown.result_url}
            download={videoFileName(Date.parse(shown.created_at))}
            aria-label={t('downloadLabel', versionName)}
            className="pf-button pf-button--secondary pf-button--sm"
          >
            {t('download')}
          </a>
          <ShareButton
            video={shown}
            name={versionName.prompt}
            className="pf-button pf-button--secondary pf-button--sm"
          />
          <button
            type="button"
            aria-label={t('deleteLabel', { prompt })}
            className={`pf-button pf-button--ghost pf-button--sm ${styles.delete}`}
            onClick={() => onDelete(video)}
          >
            {t('delete')}
          </button>
        </div>
        {remakeFailure && (
          <p role="alert" className={styles.alert}>
            {[tg(remakeFailure.key, remakeFailure.vars), remakeFailure.noCharge ? tg('noCreditsTaken') : '']
              .join(' ')
              .trim()}{' '}
            <button type="button" className="pf-button pf-button--ghost pf-button--sm" onClick={remake.dismiss}>
              {t('dismiss')}
            </button>
          </p>
        )}
      </div>
    </article>
  );
}

const isFirstModel = (id: string) => (VIDEO_MODEL_IDS as readonly string[]).includes(id);
