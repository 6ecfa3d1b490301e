import type { QueryKey } from '@tanstack/react-query';
import { getQueryClient } from '@veo3/platform/query/query-client';
import { OPTIONS_WAIT_MS } from '../generator/use-video-options';

const reads = new Map<string, Promise<void>>();

/**
 * Settles once `queryKey` has been read (or could not be), or after OPTIONS_WAIT_MS, once per page
 * load and key: an effects page's first render waits for it (as the generator waits for its
 * options), so the shell keeps the server's page in view until the remote can show the same
 * effects in its place, rather than a loading line that would move everything twice.
 */
export function firstRead<T>(
  queryKey: QueryKey,
  queryFn: (context: { signal: AbortSignal }) => Promise<T>,
): Promise<void> {
  const key = JSON.stringify(queryKey);
  let read = reads.get(key);
  if (!read) {
    read = Promise.race([
      getQueryClient().prefetchQuery({ queryKey, queryFn }),
      new Promise<void>((resolve) => setTimeout(resolve, OPTIONS_WAIT_MS)),
    ]);
    reads.set(key, read);
  }
  return read;
}
