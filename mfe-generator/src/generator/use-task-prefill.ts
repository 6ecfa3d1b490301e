import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@veo3/platform/api/api-client';
import { useSearchParams } from '@veo3/platform/routing/router';
import type { PublicVideoTask } from '@veo3/contracts/video';
import { fetchVideoTask } from '../api/video-api';
import { fetchImageFile } from './fetch-image-file';
import type { GenerationMode } from './model-options';

/** What a task puts back in the form. */
export interface TaskPrefill {
  task: PublicVideoTask;
  mode: GenerationMode;
  /** The first frame (image mode): the task's own, or for a remix the video's still; null when none or unreadable. */
  image: File | null;
  lastFrame: File | null;
  /** Omni's reference images that could be read (Reuse only). */
  referenceImages: File[];
  remix: boolean;
}

/**
 * What filled the form, or why it could not be; `picturesAgain`: a draft came back from sign-in
 * without its pictures; `shareRemix`: "Make one like this" of a shared video (its page's address).
 */
export type PrefillNotice =
  | { kind: 'notFound' | 'failed' | 'picturesAgain' | 'shareRemixNotFound' | 'shareRemixFailed' }
  | { kind: 'remixing' | 'reusing'; prompt: string }
  | { kind: 'shareRemix'; pageUrl: string; promptHidden: boolean; picture: boolean };

interface Source {
  taskId: string;
  remix: boolean;
}

export interface UseTaskPrefillOptions {
  /** Puts the task into the form; awaited, so Generate stays disabled until the pictures are checked. */
  onFill: (prefill: TaskPrefill) => Promise<void>;
}

const getOrNull = async (url: string | null, name: string, signal: AbortSignal) =>
  url ? fetchImageFile(url, name, signal).catch(() => null) : null;

/**
 * Fills the form from a task: History's Reuse (`?from=<taskId>`) and Remix (`&remix=1`), or a feed
 * card's Reuse (`reuse`). `from` and `remix` then leave the URL (replacing the entry, with the task's
 * tab as `type`), so a reload does not refill over the user's edits. Nothing else fills the form:
 * a task being made stays in the feed, and the address's tab wins.
 */
export function useTaskPrefill({ onFill }: UseTaskPrefillOptions) {
  const [searchParams, setSearchParams] = useSearchParams();
  // Read once: the page fills itself from where it was opened, then from the Reuse pressed.
  const [source, setSource] = useState<Source | null>(() => {
    const from = searchParams.get('from');
    return from ? { taskId: from, remix: searchParams.get('remix') === '1' } : null;
  });
  const [loading, setLoading] = useState(source !== null);
  const [notice, setNotice] = useState<PrefillNotice | null>(null);
  const fillRef = useRef(onFill);
  useEffect(() => {
    fillRef.current = onFill;
  });

  useEffect(() => {
    if (!source) return;
    const controller = new AbortController();
    const { signal } = controller;
    const finish = (mode: GenerationMode | null, next: PrefillNotice | null) => {
      if (signal.aborted) return;
      setLoading(false);
      setNotice(next);
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          params.delete('from');
          params.delete('remix');
          if (mode) params.set('type', mode);
          return params;
        },
        { replace: true },
      );
    };

    void (async () => {
      let task: PublicVideoTask | undefined;
      try {
        const reply = await fetchVideoTask(source.taskId, signal);
        task = reply.success ? reply.data : undefined;
      } catch (error) {
        if (signal.aborted) return;
        return finish(null, { kind: error instanceof ApiError && error.status === 404 ? 'notFound' : 'failed' });
      }
      if (!task) return finish(null, { kind: 'notFound' });

      const { remix } = source;
      const mode: GenerationMode = remix || task.image_url ? 'image' : 'text';
      const [image, lastFrame, ...references] = await Promise.all([
        getOrNull(remix ? task.poster_url : task.image_url, remix ? 'video-still' : 'first-frame', signal),
        remix ? null : getOrNull(task.last_frame_url, 'last-frame', signal),
        ...(remix ? [] : (task.reference_image_urls ?? [])).map((url, i) =>
          getOrNull(url, `reference-${i + 1}`, signal),
        ),
      ]);
      if (signal.aborted) return;
      const referenceImages = references.filter((file): file is File => file !== null);
      await fillRef.current({ task, mode, image: image ?? null, lastFrame: lastFrame ?? null, referenceImages, remix });
      finish(mode, { kind: remix ? 'remixing' : 'reusing', prompt: task.prompt });
    })();
    return () => controller.abort();
  }, [source, setSearchParams]);

  const reuse = useCallback((taskId: string) => {
    setLoading(true);
    setNotice(null);
    setSource({ taskId, remix: false });
  }, []);

  return { loading, notice, dismissNotice: () => setNotice(null), reuse };
}
