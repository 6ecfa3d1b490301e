import { useQuery } from '@tanstack/react-query';
import { getQueryClient } from '@veo3/platform/query/query-client';
import { fetchVideoOptions } from '../api/video-api';
import { videoKeys } from '../api/video-keys';
import { offeredModels } from './offered-models';

const optionsQuery = {
  queryKey: videoKeys.options(),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchVideoOptions(signal),
  // Availability changes when the provider's models do: worth a fresh look on each visit, not on every render.
  staleTime: 30_000,
};

/**
 * The server's video options: `options` undefined while loading or when they cannot be read (the
 * form then offers everything); `pending` while they are still being read for the first time.
 */
export function useVideoOptions() {
  const query = useQuery(optionsQuery);
  return { options: query.data, pending: query.isPending };
}

/**
 * Every model on offer, for naming and pricing a task's model; read from the server only where
 * `needed` (a page that shows none but the first three models asks for nothing).
 */
export function useCatalogue(needed = true) {
  const query = useQuery({ ...optionsQuery, enabled: needed });
  return offeredModels(query.data);
}

/** How long the page's first render waits for the options at most (a slow API must not hold the form back). */
export const OPTIONS_WAIT_MS = 3_000;

let firstRead: Promise<void> | undefined;

/**
 * Settles once the options have been read (or could not be), or after OPTIONS_WAIT_MS: the page's
 * first render waits for it (generator-route.tsx), so the choices they decide (the model row) are
 * there from the start and nothing below them moves when they arrive. Started once per page load.
 */
export function videoOptionsRead(): Promise<void> {
  firstRead ??= Promise.race([
    getQueryClient().prefetchQuery(optionsQuery),
    new Promise<void>((resolve) => setTimeout(resolve, OPTIONS_WAIT_MS)),
  ]);
  return firstRead;
}
