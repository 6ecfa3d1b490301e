import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionStore } from '@veo3/platform/session/session-store';
import { useSession } from '@veo3/platform/session/use-session';
import type { CreditSummary } from '@veo3/contracts/credits';
import { creditsKeys, fetchBalance } from '@veo3/platform/credits/credits-api';
import { taskEvents } from '@veo3/platform/events/task-events';

/** SPEC §7: the balance is cached for 3 s and concurrent readers share one request. */
export const BALANCE_STALE_MS = 3_000;

/**
 * The signed-in user's credit balance: 0 when signed out or when the fetch fails (SPEC §4).
 * Until the server has answered it is the stored user's (perhaps stale) figure, with `updating` true,
 * so a screen can mark it as not yet current.
 * Fetched user data replaces the stored user when it differs. A `balance` event of the task stream
 * replaces the cached total in place, with no request.
 */
export function useBalance(): { credits: number; updating: boolean; isLoading: boolean; isError: boolean } {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    return taskEvents.subscribeBalance((total_credits) =>
      queryClient.setQueryData<CreditSummary>(creditsKeys.balance(userId), (old) => old && { ...old, total_credits }),
    );
  }, [userId, queryClient]);
  const query = useQuery({
    queryKey: creditsKeys.balance(user?.id ?? 'signed-out'),
    queryFn: ({ signal }) => fetchBalance(signal),
    enabled: Boolean(user),
    staleTime: BALANCE_STALE_MS,
  });
  const fetchedUser = query.data?.user;
  useEffect(() => {
    if (fetchedUser) sessionStore.updateUser(fetchedUser);
  }, [fetchedUser]);
  return {
    credits: user && !query.isError ? (query.data?.total_credits ?? user.credits ?? 0) : 0,
    updating: Boolean(user) && query.isPending,
    isLoading: query.isLoading,
    isError: query.isError,
  };
}
