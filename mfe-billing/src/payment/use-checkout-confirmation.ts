import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { creditsKeys } from '@veo3/platform/credits/credits-api';
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
 * the balance and the subscription status are read again.
 */
export function useCheckoutConfirmation(sessionId: string | null, signedIn: boolean) {
  const queryClient = useQueryClient();
  const [deadline, setDeadline] = useState(() => Date.now() + CONFIRM_WINDOW_MS);

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
  useEffect(() => {
    if (!confirmed) return;
    void queryClient.invalidateQueries({ queryKey: creditsKeys.all });
    void queryClient.invalidateQueries({ queryKey: billingKeys.subscriptions() });
  }, [confirmed, queryClient]);

  const checkAgain = () => {
    setDeadline(Date.now() + CONFIRM_WINDOW_MS);
    void query.refetch();
  };

  return { query, session, confirmed, timedOut, checkAgain };
}
