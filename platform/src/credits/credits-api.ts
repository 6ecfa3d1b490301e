import { apiRequest } from '@veo3/platform/api/api-client';
import type { User } from '@veo3/platform/types/user';

export type CreditSourceType = 'purchase' | 'plan' | 'renewal' | 'video' | 'refund' | 'bonus' | 'admin';

export interface CreditTransaction {
  id: string;
  amount: number;
  balance_after: number;
  source_type: CreditSourceType;
  source_id: string | null;
  description: string | null;
  created_at: string;
}

export interface BalanceData {
  total_credits: number;
  transactions: CreditTransaction[];
  user: User;
}

export interface TransactionsPage {
  items: CreditTransaction[];
  total: number;
  limit: number;
  offset: number;
}

/** Query keys of the credits feature; mutations that spend or add credits invalidate `creditsKeys.all`. */
export const creditsKeys = {
  all: ['credits'] as const,
  balance: (userId: string) => ['credits', 'balance', userId] as const,
  transactions: (userId: string, limit: number, offset: number) =>
    ['credits', 'transactions', userId, limit, offset] as const,
};

export async function fetchBalance(signal?: AbortSignal): Promise<BalanceData> {
  const reply = await apiRequest<{ success: boolean; data?: BalanceData; error?: string; message?: string }>(
    '/api/credits/balance',
    { signal },
  );
  // SPEC §7: an error in the reply is raised as a failure.
  if (!reply.success || !reply.data || reply.error)
    throw new Error(reply.error ?? reply.message ?? 'Failed to load credits');
  return reply.data;
}

export async function fetchTransactions(userId: string, limit: number, offset: number, signal?: AbortSignal) {
  const reply = await apiRequest<{ success: boolean; data: TransactionsPage }>(
    `/api/credits/${encodeURIComponent(userId)}/transactions`,
    { query: { limit, offset }, signal },
  );
  return reply.data;
}
