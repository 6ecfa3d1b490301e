import { QueryClient } from '@tanstack/react-query';

let client: QueryClient | undefined;

/** The one QueryClient of the page; the shell provides it and remotes reach it through the shared context. */
export function getQueryClient(): QueryClient {
  return (client ??= new QueryClient({
    defaultOptions: {
      // The API client already retries network failures (SPEC §7); a second retry layer would multiply them.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  }));
}
