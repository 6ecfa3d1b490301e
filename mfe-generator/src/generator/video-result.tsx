import { useState } from 'react';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { useCaptionsTrack } from '@veo3/platform/media/use-captions-track';
import { Button } from '@veo3/platform/ui/button';
import { downloadVideo } from './download-video';
import { generatorMessages } from './generator.messages';
import { VIDEO_DURATION_SECONDS } from '@veo3/contracts/catalogue';
import type { CompletedVideo } from '../api/video-api';
import { shortPrompt } from '../history/task-handoff';
import { ShareButton } from '../share/share-button';
import { FollowUpActions, type FollowUpActionsProps } from './follow-up-actions';
import { cssAspectRatio } from './video-format';
import styles from './generator-page.module.css';

type DownloadStatus = 'idle' | 'downloading' | 'done' | 'failed';

const DOWNLOAD_TEXT = {
  downloading: 'downloading',
  done: 'downloadSuccess',
  failed: 'downloadFailed',
} as const;

export interface VideoResultProps {
  video: CompletedVideo;
  onGenerateNew: () => void;
  /** Edit and Extend, for a finished Omni video; null for the others. */
  followUp: Omit<FollowUpActionsProps, 'video' | 'leading' | 'trailing' | 'children'> | null;
}

/** The finished video with Download, Share and Generate New (SPEC §2 result area, §8 download texts), and Edit/Extend for Omni. */
export function VideoResult({ video, onGenerateNew, followUp }: VideoResultProps) {
  const t = useT(generatorMessages);
  const lang = useLanguage();
  const videoUrl = video.result_url;
  // Tasks from before formats existed are landscape; a portrait video stands upright instead of in a landscape box.
  const aspectRatio = video.aspect_ratio ?? '16:9';
  // The prompt (an edit's: its instruction) is shown as the video's captions.
  const captionsRef = useCaptionsTrack(video.instruction ?? video.prompt, video.duration_s ?? VIDEO_DURATION_SECONDS);
  const [download, setDownload] = useState<DownloadStatus>('idle');

  const onDownload = async () => {
    setDownload('downloading');
    try {
      await downloadVideo(videoUrl);
      setDownload('done');
    } catch {
      setDownload('failed');
      // SPEC §8: the video opens in a new tab, where the browser's own menu can save it.
      window.open(videoUrl, '_blank', 'noopener');
    }
  };

  const downloadButton = (
    <>
      <Button busy={download === 'downloading'} onClick={() => void onDownload()}>
        {t('download')}
      </Button>
      <ShareButton
        video={video}
        name={shortPrompt(video.instruction ?? video.prompt)}
        className="pf-button pf-button--secondary pf-button--md"
      />
    </>
  );
  const newButton = (
    <Button variant="secondary" onClick={onGenerateNew}>
      {t('generateNew')}
    </Button>
  );
  const downloadStatus = (
    <p role="status" className={download === 'failed' ? styles.downloadFailed : styles.downloadNote}>
      {download !== 'idle' && t(DOWNLOAD_TEXT[download])}
    </p>
  );

  return (
    <div className={styles.videoResult}>
      <video
        className={aspectRatio === '9:16' ? `${styles.video} ${styles.videoPortrait}` : styles.video}
        style={{ aspectRatio: cssAspectRatio(aspectRatio) }}
        data-aspect-ratio={aspectRatio}
        src={videoUrl}
        poster={video.poster_url ?? undefined}
        controls
        playsInline
        aria-label={t('videoLabel')}
      >
        <track ref={captionsRef} kind="captions" srcLang={lang} label={t('captionsLabel')} />
      </video>
      {followUp ? (
        <FollowUpActions key={video.id} video={video} {...followUp} leading={downloadButton} trailing={newButton}>
          {downloadStatus}
        </FollowUpActions>
      ) : (
        <>
          <div className={styles.resultActions}>
            {downloadButton}
            {newButton}
          </div>
          {downloadStatus}
        </>
      )}
    </div>
  );
}
