import { formatDate } from '@veo3/platform/i18n/format-date';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import type { CompletedVideo } from '../api/video-api';
import { historyMessages } from './history.messages';
import styles from './video-card.module.css';

/** What made a version: "Original", its instruction, or "Extended to 18 s". */
export function versionText(
  version: CompletedVideo,
  t: (key: 'versionExtended' | 'versionOriginal', vars?: Record<string, number>) => string,
): string {
  if (version.kind === 'edit' && version.instruction) return `“${version.instruction}”`;
  if (version.kind === 'extend') return t('versionExtended', { seconds: version.duration_s });
  return t('versionOriginal');
}

export interface VideoVersionsProps {
  /** Newest first, as the server lists them. */
  versions: readonly CompletedVideo[];
  selectedId: string;
  onSelect: (version: CompletedVideo) => void;
  /** The card's name (its prompt), for the list's name. */
  prompt: string;
}

/**
 * A video's versions, newest first: each a toggle button (the one shown in the card's player is
 * pressed) naming its number, what made it and when; the card's actions act on the one shown.
 */
export function VideoVersions({ versions, selectedId, onSelect, prompt }: VideoVersionsProps) {
  const t = useT(historyMessages);
  const lang = useLanguage();
  return (
    <div className={styles.versions}>
      <h3 className={styles.versionsTitle}>{t('versionsTitle', { count: versions.length })}</h3>
      <ol className={styles.versionList} aria-label={t('versionsLabel', { prompt })}>
        {versions.map((version, index) => {
          const number = versions.length - index;
          return (
            <li key={version.id}>
              <button
                type="button"
                className={styles.version}
                aria-pressed={version.id === selectedId}
                data-version-id={version.id}
                onClick={() => onSelect(version)}
              >
                <span className={styles.versionNumber}>{t('versionNumber', { number })}</span>
                <span className={styles.versionText}>{versionText(version, t)}</span>
                <time className={styles.versionTime} dateTime={version.created_at}>
                  {formatDate(version.created_at, lang, true)}
                </time>
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
