import { useState } from 'react';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { useCaptionsTrack } from '@veo3/platform/media/use-captions-track';
import { Button } from '@veo3/platform/ui/button';
import { downloadVideo } from './download-video';
import { generatorMessages } from './generator.messages';
import type { AspectRatio } from '@veo3/contracts/generation-options';
import { VIDEO_DURATION_SECONDS } from '@veo3/contracts/catalogue';
import { cssAspectRatio } from './video-format';
import styles from './generator-page.module.css';

type DownloadStatus = 'idle' | 'downloading' | 'done' | 'failed';

const DOWNLOAD_TEXT = {
  downloading: 'downloading',
  done: 'downloadSuccess',
  failed: 'downloadFailed',
} as const;

export interface VideoResultProps {
  videoUrl: string;
  posterUrl: string | null;
  /** The task's prompt, shown as the video's captions. */
  prompt: string;
  /** Shown at its own shape: a portrait video stands upright instead of in a landscape box. */
  aspectRatio: AspectRatio;
  onGenerateNew: () => void;
}

/** The finished video with Download and Generate New (SPEC §2 result area, §8 download texts). */
export function VideoResult({ videoUrl, posterUrl, prompt, aspectRatio, onGenerateNew }: VideoResultProps) {
  const t = useT(generatorMessages);
  const lang = useLanguage();
  const captionsRef = useCaptionsTrack(prompt, VIDEO_DURATION_SECONDS);
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

  return (
    <div className={styles.videoResult}>
      {/* Announced by the result area's live region; shown here for sighted users. */}
      <p className={styles.readyTitle} aria-hidden="true">
        {t('videoReady')}
      </p>
      <video
        className={aspectRatio === '9:16' ? `${styles.video} ${styles.videoPortrait}` : styles.video}
        style={{ aspectRatio: cssAspectRatio(aspectRatio) }}
        data-aspect-ratio={aspectRatio}
        src={videoUrl}
        poster={posterUrl ?? undefined}
        controls
        playsInline
        aria-label={t('videoLabel')}
      >
        <track ref={captionsRef} kind="captions" srcLang={lang} label={t('captionsLabel')} />
      </video>
      <div className={styles.resultActions}>
        <Button busy={download === 'downloading'} onClick={() => void onDownload()}>
          {t('download')}
        </Button>
        <Button variant="secondary" onClick={onGenerateNew}>
          {t('generateNew')}
        </Button>
      </div>
      <p role="status" className={download === 'failed' ? styles.downloadFailed : styles.downloadNote}>
        {download !== 'idle' && t(DOWNLOAD_TEXT[download])}
      </p>
    </div>
  );
}
