import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { creditsKeys } from '@veo3/platform/credits/credits-api';
import { useSession } from '@veo3/platform/session/use-session';
import type { PublicCheckoutSession as CheckoutSession } from '@veo3/contracts/billing';
import { fetchCheckoutSession } from '../api/billing-api';
import { billingKeys } from '../api/billing-keys';

/** While the payment is not confirmed the session is read again every 2 s, for up to 30 s. */
export const CONFIRM_POLL_MS = 2_000;
export const CONFIRM_WINDOW_MS = 30_000;

/** Paid, and its credits are in the balance. */
function isConfirmed(session: CheckoutSession): boolean {
  return session.status === 'complete' && session.payment_status !== 'unpaid' && session.credits_granted > 0;
}

/** Still open, or paid and being processed: worth asking again. */
function isWaiting(session: CheckoutSession): boolean {
  return !isConfirmed(session) && session.status !== 'expired';
}

/**
 * Reads a checkout session (for a signed-in user), again every CONFIRM_POLL_MS while its payment is
 * being confirmed, for up to CONFIRM_WINDOW_MS (`checkAgain` opens a new window). Once confirmed,
 * the balance and the subscription status are read again; `balanceBaseline` is the balance's
 * update count at that moment (null before), so a balance updated after it is known to be newer
 * than the payment.
 */
export function useCheckoutConfirmation(sessionId: string | null, signedIn: boolean) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? 'signed-out';
  const [deadline, setDeadline] = useState(() => Date.now() + CONFIRM_WINDOW_MS);
  const [balanceBaseline, setBalanceBaseline] = useState<number | null>(null);

  const query = useQuery({
    queryKey: billingKeys.checkoutSession(sessionId ?? ''),
    queryFn: ({ signal }) => fetchCheckoutSession(sessionId!, signal),
    enabled: Boolean(signedIn && sessionId),
    staleTime: 0,
    refetchInterval: (q) =>
      q.state.data && isWaiting(q.state.data) && Date.now() < deadline ? CONFIRM_POLL_MS : false,
  });
  const session = query.data;
  const confirmed = session ? isConfirmed(session) : false;
  const timedOut = session ? isWaiting(session) && query.dataUpdatedAt >= deadline : false;

  // The credits are in: the header's balance and the subscription status are read again.
  // Invalidating cancels a balance read begun before now, so every update counted from here on
  // (the read this starts, task events) holds the payment's credits. Counting updates rather than
  // comparing times: a cached balance set in the same millisecond as the confirmation is not newer.
  useEffect(() => {
    if (!confirmed) return;
    setBalanceBaseline(queryClient.getQueryState(creditsKeys.balance(userId))?.dataUpdateCount ?? 0);
    void queryClient.invalidateQueries({ queryKey: creditsKeys.all });
    void queryClient.invalidateQueries({ queryKey: billingKeys.subscriptions() });
  }, [confirmed, queryClient, userId]);

  const checkAgain = () => {
    setDeadline(Date.now() + CONFIRM_WINDOW_MS);
    void query.refetch();
  };

  return { query, session, confirmed, timedOut, checkAgain, balanceBaseline };
}
