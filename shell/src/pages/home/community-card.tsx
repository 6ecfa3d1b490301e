import { useState, type FocusEvent, type PointerEvent } from 'react';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { usePrefersReducedMotion } from '../shared/use-prefers-reduced-motion';
import type { CommunityItem } from './community-items';
import { STILL_HEIGHT, STILL_WIDTH } from './showcase-items';
import { homeMessages } from './home.messages';

export interface CommunityCardProps {
  item: CommunityItem;
  categoryLabel: string;
}

/** Whether the focus came from the keyboard (a tap focuses too, and must not start the video by itself). */
function keyboardFocus(event: FocusEvent<HTMLElement>): boolean {
  try {
    return event.currentTarget.matches(':focus-visible');
  } catch {
    return false;
  }
}

/**
 * A community video in the home gallery, the size of the posts' cards: its poster until a mouse
 * rests on it, the keyboard reaches it, or a tap on play; then the video file itself, muted and
 * inline. Nothing plays by itself on a phone (no hover there), nor on hover or focus when the
 * visitor asked for less motion. The title links to the video's page.
 */
export function CommunityCard({ item, categoryLabel }: CommunityCardProps) {
  const t = useT(homeMessages);
  const lang = useLanguage();
  const reducedMotion = usePrefersReducedMotion();
  const [pinned, setPinned] = useState(false);
  const [near, setNear] = useState(false);
  const playing = pinned || (near && !reducedMotion);

  const creator = item.creator ?? t('anonymous');
  const title = item.title ?? t('communityUntitled', { creator });
  const views =
    item.views === 1 ? t('communityOneView') : t('communityViews', { count: formatNumber(item.views, lang) });
  const hover = (on: boolean) => (event: PointerEvent) => {
    if (event.pointerType === 'mouse') setNear(on);
  };
  const focus = (event: FocusEvent<HTMLElement>) => {
    if (keyboardFocus(event)) setNear(true);
  };

  return (
    <article className="shell-gallery-card" data-testid="community-card" data-playing={playing || undefined}>
      <header className="shell-gallery-card__header">
        <span className="shell-gallery-card__creator">{creator}</span>
        <span className="shell-gallery-card__badge">{categoryLabel}</span>
      </header>
      <div
        className="shell-gallery-card__frame"
        onPointerEnter={hover(true)}
        onPointerLeave={hover(false)}
        onFocus={focus}
        onBlur={() => setNear(false)}
      >
        {playing ? (
          <video
            className="shell-gallery-card__still"
            src={item.video}
            poster={item.poster}
            width={STILL_WIDTH}
            height={STILL_HEIGHT}
            muted
            playsInline
            autoPlay
            loop
            aria-label={t('communityVideo', { title })}
          />
        ) : (
          <img
            className="shell-gallery-card__still"
            src={item.poster}
            alt=""
            width={STILL_WIDTH}
            height={STILL_HEIGHT}
            loading="lazy"
            decoding="async"
          />
        )}
        <button
          type="button"
          className="shell-gallery-card__play shell-gallery-card__toggle"
          aria-pressed={playing}
          onClick={() => {
            // Pressed while playing stops it, even under a resting mouse; pressed again plays it.
            setNear(false);
            setPinned(!playing);
          }}
        >
          {!playing && (
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
            </svg>
          )}
          <span className="pf-visually-hidden">{t('playVideo', { creator })}</span>
        </button>
        <a className="shell-gallery-card__open" href={item.page}>
          <span className="shell-gallery-card__title">{title}</span>
          <span className="shell-gallery-card__views">{views}</span>
        </a>
      </div>
    </article>
  );
}
