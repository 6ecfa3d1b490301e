import { useCallback } from 'react';

function toVtt(caption: string, seconds: number): string {
  const end = new Date(seconds * 1000).toISOString().slice(14, 23);
  return `WEBVTT\n\n00:00.000 --> ${end}\n${caption}\n`;
}

/**
 * Ref for the <track> of a short clip whose only audio is ambient sound. The captions file is built in
 * the page so it follows the reader's language, and served as a blob: URL, which the site's CSP allows
 * for media; the ref's cleanup releases it.
 */
export function useCaptionsTrack(
  caption: string,
  seconds: number,
): (track: HTMLTrackElement | null) => void | (() => void) {
  return useCallback(
    (track: HTMLTrackElement | null) => {
      if (!track || typeof URL.createObjectURL !== 'function') return;
      const url = URL.createObjectURL(new Blob([toVtt(caption, seconds)], { type: 'text/vtt' }));
      track.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [caption, seconds],
  );
}
