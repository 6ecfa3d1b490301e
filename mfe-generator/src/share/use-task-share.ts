import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Share } from '@veo3/contracts/sharing';
import { MAX_SHARE_LOOKUP } from '@veo3/contracts/sharing';
import { fetchSharesOf, shareKeys } from '../api/share-api';

interface Batch {
  ids: Set<string>;
  shares: Promise<Map<string, Share>>;
}

let batch: Batch | null = null;

/**
 * The live share of a task, asked with every other card's of the same render in one request (a
 * History page or the feed shows many videos at once: one GET /api/share/tasks, never one per card).
 */
function loadShare(taskId: string): Promise<Share | null> {
  if (!batch || batch.ids.size >= MAX_SHARE_LOOKUP) {
    const ids = new Set<string>();
    const shares = new Promise((resolve) => setTimeout(resolve, 0)).then(async () => {
      if (batch?.ids === ids) batch = null;
      return new Map((await fetchSharesOf([...ids])).map((share) => [share.task_id, share]));
    });
    batch = { ids, shares };
  }
  batch.ids.add(taskId);
  return batch.shares.then((shares) => shares.get(taskId) ?? null);
}

/** Whether the user's task is shared now (its live share, or null), and how to put a changed share in place. */
export function useTaskShare(userId: string | null, taskId: string) {
  const queryClient = useQueryClient();
  const key = shareKeys.task(userId ?? '', taskId);
  const query = useQuery({ queryKey: key, queryFn: () => loadShare(taskId), enabled: userId !== null });
  const put = useCallback(
    (share: Share | null) => queryClient.setQueryData(shareKeys.task(userId ?? '', taskId), share),
    [queryClient, userId, taskId],
  );
  return { share: query.data, loading: query.isPending && userId !== null, failed: query.isError, query, put };
}
