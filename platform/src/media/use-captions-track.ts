import { useCallback } from 'react';

const VTT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** One cue over the whole clip; captions may be user text, so markup characters (and '-->') are escaped. */
export function toVtt(caption: string, seconds: number): string {
  const end = new Date(seconds * 1000).toISOString().slice(14, 23);
  const text = caption.replace(/[&<>]/g, (c) => VTT_ESCAPES[c]!).replace(/\s*\n\s*/g, ' ');
  return `WEBVTT\n\n00:00.000 --> ${end}\n${text}\n`;
}

/**
 * Ref for the captions <track> of a short clip (an example video, or a generated one captioned by its
 * prompt). Built in the page so it follows the reader's language, and served as a blob: URL, which the
 * site's CSP allows for media; the ref's cleanup releases it.
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
