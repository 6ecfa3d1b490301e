import type { ErrorReply } from '@veo3/contracts/envelope';
import type { ReferralSummary, ReferralSummaryReply } from '@veo3/contracts/referrals';
import { apiRequest } from '@veo3/platform/api/api-client';
import { BillingReplyError } from './billing-api';

/** Query key of the account page's "Invite friends", per user. */
export const referralKeys = {
  summary: (userId: string) => ['billing', 'account', userId, 'referrals'] as const,
};

/** GET /api/referrals: the caller's invitation link and what it brought. */
export async function fetchReferrals(signal?: AbortSignal): Promise<ReferralSummary> {
  const reply = (await apiRequest('GET /api/referrals', { identity: 'bearer', signal })) as
    ReferralSummaryReply | ErrorReply;
  if (!reply.success) throw new BillingReplyError(reply.message);
  return reply.data;
}
