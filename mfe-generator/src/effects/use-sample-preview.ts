import { useCallback, useRef, useState } from 'react';

/** Whether the device hovers (a mouse) and the user lets things move: only then a card plays by itself. */
function previewAllowed(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  return window.matchMedia('(hover: hover)').matches && !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A card's sample, played while the pointer is on it or it has keyboard focus, and back to the
 * poster after. Never on a touch screen (a tap opens the effect) nor with reduced motion.
 */
export function useSamplePreview() {
  const [playing, setPlaying] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);

  const start = useCallback(() => {
    if (previewAllowed()) setPlaying(true);
  }, []);
  const stop = useCallback(() => setPlaying(false), []);

  // The video mounts on start; its play() is asked once it exists (a refused play keeps the poster).
  const videoMounted = useCallback((video: HTMLVideoElement | null) => {
    videoRef.current = video;
    void video?.play?.()?.catch(() => setPlaying(false));
  }, []);

  return {
    playing,
    videoRef: videoMounted,
    handlers: { onMouseEnter: start, onMouseLeave: stop, onFocus: start, onBlur: stop },
  };
}
