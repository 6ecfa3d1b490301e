import type { ReferralEntity } from './referral.entity';

/**
 * A referral in the data export of one of its sides: which side the user is, and its dates and reward.
 * The other side is another person: never named, not even by id; the rewarding payment only for its buyer.
 */
export function referralExport(row: ReferralEntity, userId: string): object {
  const invitedMe = row.referredUserId === userId;
  return {
    role: invitedMe ? 'invited' : 'referrer',
    created_at: row.createdAt,
    rewarded_at: row.rewardedAt,
    reward_credits: row.rewardCredits,
    ...(invitedMe ? { payment_id: row.paymentId } : {}),
  };
}
