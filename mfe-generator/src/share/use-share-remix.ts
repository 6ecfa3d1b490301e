import { useCallback, useEffect, useRef, useState } from 'react';
import type { RemixSource } from '@veo3/contracts/sharing';
import { ApiError } from '@veo3/platform/api/api-client';
import { useSearchParams } from '@veo3/platform/routing/router';
import { fetchRemixSource } from '../api/share-api';
import { fetchImageFile } from '../generator/fetch-image-file';
import type { GenerationMode } from '../generator/model-options';
import type { PrefillNotice } from '../generator/use-task-prefill';

/** A shared video's id in `?remix=` (History's own Remix sends `from=<task>&remix=1` instead). */
function remixedShare(params: URLSearchParams): string | null {
  const remix = params.get('remix');
  return remix && remix !== '1' && !params.has('from') ? remix : null;
}

export interface UseShareRemixOptions {
  /**
   * Puts the shared video's prompt and settings in the form (`fillText`: false when a draft kept
   * across sign-in already holds them) and its first frame when its owner offers it.
   */
  onFill: (source: RemixSource, mode: GenerationMode, image: File | null, fillText: boolean) => Promise<void>;
  /** Whether a draft kept across sign-in filled the form (the visitor signed in to generate this remix). */
  draftRestored: () => boolean;
}

/**
 * "Make one like this": `/text-to-veo3-video?remix=<share id>` fills the form from the shared video
 * (GET /api/share/<id>/remix, no sign-in needed) and Generate sends `remixOf` until the remix is
 * made or dismissed. `remix` stays in the address meanwhile, so the Login link's `next` brings the
 * visitor back to it; an unknown or stopped share says so and leaves the form empty.
 */
export function useShareRemix({ onFill, draftRestored }: UseShareRemixOptions) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [shareId] = useState(() => remixedShare(searchParams));
  const [loading, setLoading] = useState(shareId !== null);
  const [remixOf, setRemixOf] = useState<string | null>(null);
  const [notice, setNotice] = useState<PrefillNotice | null>(null);
  const leave = useCallback(() => {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.delete('remix');
        return params;
      },
      { replace: true },
    );
  }, [setSearchParams]);
  // The latest callbacks, for the one load below (the router's setter changes with the address).
  const latest = useRef({ onFill, draftRestored, leave });
  useEffect(() => {
    latest.current = { onFill, draftRestored, leave };
  });

  useEffect(() => {
    if (!shareId) return;
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      let source: RemixSource;
      try {
        source = await fetchRemixSource(shareId, signal);
      } catch (error) {
        if (signal.aborted) return;
        setLoading(false);
        setNotice({
          kind: error instanceof ApiError && error.status === 404 ? 'shareRemixNotFound' : 'shareRemixFailed',
        });
        return latest.current.leave();
      }
      const mode: GenerationMode = source.first_frame_url ? 'image' : 'text';
      const image = source.first_frame_url
        ? await fetchImageFile(source.first_frame_url, 'first-frame', signal).catch(() => null)
        : null;
      if (signal.aborted) return;
      await latest.current.onFill(source, mode, image, !latest.current.draftRestored());
      setRemixOf(source.share_id);
      setNotice({
        kind: 'shareRemix',
        pageUrl: source.page_url,
        promptHidden: source.prompt === null,
        picture: image !== null,
      });
      setLoading(false);
    })();
    return () => controller.abort();
  }, [shareId]);

  /** The remix is over (made, or dismissed): Generate makes an ordinary video again. */
  const end = useCallback(() => {
    setRemixOf(null);
    setNotice(null);
    leave();
  }, [leave]);

  return { loading, notice, remixOf, end };
}
