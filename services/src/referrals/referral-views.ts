import type { ReferralEntity } from './referral.entity';

/**
 * A referral in the data export of one of its sides: which side the user is, and its dates and reward.
 * The other side is another person and is left out; the rewarding payment is shown to its buyer only.
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
