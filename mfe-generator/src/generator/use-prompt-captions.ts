import { useCallback } from 'react';
import { VIDEO_DURATION_SECONDS } from './model-options';

const VTT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** One cue over the whole clip; the prompt is user text, so markup characters (and '-->') are escaped. */
export function toVtt(caption: string, seconds: number): string {
  const end = new Date(seconds * 1000).toISOString().slice(14, 23);
  const text = caption.replace(/[&<>]/g, (c) => VTT_ESCAPES[c]!).replace(/\s*\n\s*/g, ' ');
  return `WEBVTT\n\n00:00.000 --> ${end}\n${text}\n`;
}

/**
 * Ref for the captions <track> of a generated video. There is no transcript, but the prompt
 * describes the scene and the sounds the video was made with, so it is the best caption we have.
 * Served as a blob: URL (the shell's CSP allows it for media); the ref's cleanup releases it.
 */
export function usePromptCaptions(prompt: string): (track: HTMLTrackElement | null) => void | (() => void) {
  return useCallback(
    (track: HTMLTrackElement | null) => {
      if (!track || typeof URL.createObjectURL !== 'function') return;
      const url = URL.createObjectURL(new Blob([toVtt(prompt, VIDEO_DURATION_SECONDS)], { type: 'text/vtt' }));
      track.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [prompt],
  );
}
