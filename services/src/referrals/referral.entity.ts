import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A user who signed up through someone's link; rewarded once, at their first purchase. */
@Entity('referrals')
export class ReferralEntity {
  @PrimaryColumn({ name: 'referred_user_id', type: 'varchar', length: 36 })
  referredUserId: string;

  /** Null once the referrer's account was deleted. */
  @Column({ name: 'referrer_user_id', type: 'varchar', length: 36, nullable: true })
  referrerUserId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @Column({ name: 'rewarded_at', type: 'datetime', precision: 3, nullable: true })
  rewardedAt: Date | null;

  /** The first purchase that rewarded it. */
  @Column({ name: 'payment_id', type: 'varchar', length: 255, nullable: true })
  paymentId: string | null;

  /** Credits each side got (REFERRAL_CREDITS at the time); 0 until rewarded. */
  @Column({ name: 'reward_credits', type: 'int', default: 0 })
  rewardCredits: number;
}
