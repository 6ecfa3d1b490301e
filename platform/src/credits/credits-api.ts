import { apiRequest } from '@veo3/platform/api/api-client';
import type { CreditBalanceReply, CreditSummary, TransactionsPage } from '@veo3/contracts/credits';

/** Query keys of the credits feature; mutations that spend or add credits invalidate `creditsKeys.all`. */
export const creditsKeys = {
  all: ['credits'] as const,
  balance: (userId: string) => ['credits', 'balance', userId] as const,
  transactions: (userId: string, limit: number, offset: number) =>
    ['credits', 'transactions', userId, limit, offset] as const,
};

export async function fetchBalance(signal?: AbortSignal): Promise<CreditSummary> {
  // The contract's type says what a correct reply holds; the body is what the server sent.
  const reply: Partial<CreditBalanceReply> & { error?: string; message?: string } = await apiRequest(
    'GET /api/credits/balance',
    { signal },
  );
  // SPEC §7: an error in the reply is raised as a failure.
  if (!reply.success || !reply.data || reply.error)
    throw new Error(reply.error ?? reply.message ?? 'Failed to load credits');
  return reply.data;
}

export async function fetchTransactions(
  userId: string,
  limit: number,
  offset: number,
  signal?: AbortSignal,
): Promise<TransactionsPage> {
  const reply = await apiRequest('GET /api/credits/:userId/transactions', {
    params: { userId },
    query: { limit, offset },
    signal,
  });
  return reply.data;
}
