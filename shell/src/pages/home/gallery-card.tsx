import { useEffect, useState } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { Spinner } from '@veo3/platform/ui/spinner';
import type { ShowcaseItem } from './showcase-items';
import { homeMessages } from './home.messages';

/** SPEC §9: an embed shows its loading state for at most 3 seconds. */
export const EMBED_LOADING_LIMIT_MS = 3000;

export interface GalleryCardProps {
  item: ShowcaseItem;
  categoryLabel: string;
}

export function GalleryCard({ item, categoryLabel }: GalleryCardProps) {
  const t = useT(homeMessages);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const timer = window.setTimeout(() => setLoading(false), EMBED_LOADING_LIMIT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <article className="shell-gallery-card">
      <header className="shell-gallery-card__header">
        <span className="shell-gallery-card__creator">{item.creator}</span>
        <span className="shell-gallery-card__badge">{categoryLabel}</span>
      </header>
      <div className="shell-gallery-card__frame" aria-busy={loading || undefined}>
        <iframe
          className="shell-gallery-card__embed"
          src={item.embedUrl}
          title={t('embedTitle', { creator: item.creator })}
          loading="lazy"
          // The embed runs its own scripts and storage and opens posts in new tabs; nothing else. Being
          // cross-origin, allow-same-origin only keeps the frame's own origin, never grants it ours.
          // oxlint-disable-next-line react/iframe-missing-sandbox
          sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          onLoad={() => setLoading(false)}
        />
        {loading && (
          <div className="shell-gallery-card__loading">
            <Spinner size="md" label={t('embedLoading')} />
          </div>
        )}
      </div>
      <a
        className="shell-gallery-card__link"
        href={item.videoUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('viewPostLabel', { creator: item.creator })}
      >
        {t('viewPost')}
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </a>
    </article>
  );
}
