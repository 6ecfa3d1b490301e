import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { Spinner } from '@veo3/platform/ui/spinner';
import { embedProvider, STILL_HEIGHT, STILL_WIDTH, type ShowcaseItem } from './showcase-items';
import { homeMessages } from './home.messages';

/** SPEC §2: an embed shows its loading state for at most 3 seconds. */
export const EMBED_LOADING_LIMIT_MS = 3000;

/** idle: the local still and a play control; nothing from the post's site is loaded until play. */
export type EmbedState = 'idle' | 'loading' | 'ready' | 'failed';

export interface GalleryCardProps {
  item: ShowcaseItem;
  categoryLabel: string;
}

/**
 * The embed has arrived when its own page talks to ours: X's tweet frame posts its size
 * ('twttr.embed' messages) once the post has rendered, YouTube's player answers 'listening'.
 * An iframe's load event is no proof: a frame that could not reach the site loads the
 * browser's error page and fires it too.
 */
function useEmbedArrival(frame: HTMLIFrameElement | null, item: ShowcaseItem, onArrive: () => void): void {
  useEffect(() => {
    if (!frame) return;
    const origin = new URL(item.embedUrl).origin;
    const onMessage = (event: MessageEvent) => {
      if (event.origin === origin && event.source === frame.contentWindow) onArrive();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame, item.embedUrl, onArrive]);
}

/**
 * The embed's life in a card: idle until play, loading for at most EMBED_LOADING_LIMIT_MS until
 * its page talks to ours, then ready or failed (focus moved to the fallback link).
 */
function useEmbedPlayback(item: ShowcaseItem) {
  const [state, setState] = useState<EmbedState>('idle');
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const fallbackRef = useRef<HTMLAnchorElement>(null);

  const arrive = useCallback(() => setState((current) => (current === 'loading' ? 'ready' : current)), []);
  useEmbedArrival(frame, item, arrive);

  useEffect(() => {
    if (state !== 'loading') return;
    const timer = window.setTimeout(
      () => setState((current) => (current === 'loading' ? 'failed' : current)),
      EMBED_LOADING_LIMIT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [state]);

  // The play control goes away once pressed: keep keyboard focus in the card (on the link when it failed).
  useEffect(() => {
    const stage = stageRef.current;
    if (state === 'failed' && stage && document.activeElement === stage) fallbackRef.current?.focus();
  }, [state]);

  function play() {
    // Offline the post cannot come: straight to its still and link, with no 3-second wait.
    setState(navigator.onLine === false ? 'failed' : 'loading');
    stageRef.current?.focus();
  }

  function onFrameLoad() {
    // YouTube's player reports its state to a page that says it is listening.
    if (embedProvider(item) === 'youtube') {
      frame?.contentWindow?.postMessage(
        JSON.stringify({ event: 'listening', id: item.id }),
        new URL(item.embedUrl).origin,
      );
    }
  }

  return { state, setFrame, stageRef, fallbackRef, play, onFrameLoad };
}

export function GalleryCard({ item, categoryLabel }: GalleryCardProps) {
  const t = useT(homeMessages);
  const { state, setFrame, stageRef, fallbackRef, play, onFrameLoad } = useEmbedPlayback(item);
  const provider = embedProvider(item);

  const title = t('embedTitle', { creator: item.creator });
  const showFrame = state === 'loading' || state === 'ready';

  return (
    <article className="shell-gallery-card" data-testid="showcase-card" data-embed-state={state}>
      <header className="shell-gallery-card__header">
        <span className="shell-gallery-card__creator">{item.creator}</span>
        <span className="shell-gallery-card__badge">{categoryLabel}</span>
      </header>
      <div
        ref={stageRef}
        className="shell-gallery-card__frame"
        tabIndex={-1}
        role="group"
        aria-label={title}
        aria-busy={state === 'loading' || undefined}
      >
        {!showFrame && (
          <img
            className="shell-gallery-card__still"
            src={item.still}
            alt=""
            width={STILL_WIDTH}
            height={STILL_HEIGHT}
            loading="lazy"
            decoding="async"
          />
        )}
        {state === 'idle' && (
          <button type="button" className="shell-gallery-card__play" onClick={play}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
            </svg>
            <span className="pf-visually-hidden">{t('playVideo', { creator: item.creator })}</span>
          </button>
        )}
        {showFrame && (
          <iframe
            ref={setFrame}
            className="shell-gallery-card__embed"
            src={item.embedUrl}
            title={title}
            // The embed runs its own scripts and storage and opens posts in new tabs; nothing else. Being
            // cross-origin, allow-same-origin only keeps the frame's own origin, never grants it ours.
            // oxlint-disable-next-line react/iframe-missing-sandbox
            sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
            allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            onLoad={onFrameLoad}
          />
        )}
        {state === 'loading' && (
          <div className="shell-gallery-card__loading">
            <Spinner size="md" label={t('embedLoading')} />
          </div>
        )}
        {/* The post could not come: its still stays in view, with a link to the post itself. */}
        {state === 'failed' && (
          <div className="shell-gallery-card__fallback">
            <p className="pf-visually-hidden">{t('embedUnavailable')}</p>
            <a ref={fallbackRef} href={item.videoUrl} target="_blank" rel="noopener noreferrer">
              {provider === 'youtube' ? t('viewOnYouTube') : t('viewPost')}
              <span className="pf-visually-hidden">{t('viewPostHint', { creator: item.creator })}</span>
            </a>
          </div>
        )}
      </div>
    </article>
  );
}
