import { useQuery } from '@tanstack/react-query';
import { fetchVideoOptions } from '../api/video-api';
import { videoKeys } from '../api/video-keys';

/** The server's video options; undefined while loading or when they cannot be read (the form then offers everything). */
export function useVideoOptions() {
  return useQuery({
    queryKey: videoKeys.options(),
    queryFn: ({ signal }) => fetchVideoOptions(signal),
    // Availability changes when the provider's models do: worth a fresh look on each visit, not on every render.
    staleTime: 30_000,
  }).data;
}
