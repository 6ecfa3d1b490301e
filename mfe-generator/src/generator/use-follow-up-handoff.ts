import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@veo3/platform/api/api-client';
import { useSearchParams } from '@veo3/platform/routing/router';
import { fetchVideoTask, type CompletedVideo } from '../api/video-api';
import type { FollowUpKind } from './follow-up-actions';
import { canFollowUp } from './follow-up';
import { useCatalogue } from './use-video-options';

/** The version History asked to edit or extend, once it has been read. */
export interface FollowUpHandoff {
  video: CompletedVideo;
  kind: FollowUpKind;
}

/**
 * History's Edit and Extend of a version (`?edit=<taskId>` or `?extend=<taskId>`): reads the task and,
 * when it is a finished video of a model that edits, hands it to `onOpen` (the page shows it with that form open).
 * The parameter then leaves the address (replacing the entry), so a reload does not reopen it.
 * Resolves to a notice when the task cannot be read or edited.
 */
export function useFollowUpHandoff(onOpen: (handoff: FollowUpHandoff) => void) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [source] = useState(() => {
    const edit = searchParams.get('edit');
    const extend = searchParams.get('extend');
    if (edit) return { taskId: edit, kind: 'edit' as const };
    return extend ? { taskId: extend, kind: 'extend' as const } : null;
  });
  const [notice, setNotice] = useState<{ kind: 'notFound' | 'failed' } | null>(null);
  const openRef = useRef(onOpen);
  const catalogue = useCatalogue();
  const catalogueRef = useRef(catalogue);
  useEffect(() => {
    openRef.current = onOpen;
    catalogueRef.current = catalogue;
  });

  useEffect(() => {
    if (!source) return;
    const controller = new AbortController();
    const { signal } = controller;
    const finish = () =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          params.delete('edit');
          params.delete('extend');
          return params;
        },
        { replace: true },
      );
    fetchVideoTask(source.taskId, signal).then(
      (reply) => {
        if (signal.aborted) return;
        const task = reply.success ? reply.data : undefined;
        if (task && canFollowUp(task, catalogueRef.current))
          openRef.current({ video: task as CompletedVideo, kind: source.kind });
        else setNotice({ kind: 'notFound' });
        finish();
      },
      (error: unknown) => {
        if (signal.aborted) return;
        setNotice({ kind: error instanceof ApiError && error.status === 404 ? 'notFound' : 'failed' });
        finish();
      },
    );
    return () => controller.abort();
  }, [source, setSearchParams]);

  return { notice, dismissNotice: () => setNotice(null) };
}
