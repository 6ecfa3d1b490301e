import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { ReferralCodeEntity } from './referral-code.entity';
import { ReferralEntity } from './referral.entity';

/** What a referrer's link brought: sign-ups, those rewarded, and the credits the referrer earned. */
export interface ReferralCounts {
  invited: number;
  rewarded: number;
  creditsEarned: number;
}

/** Every query on `referral_codes` and `referrals`; methods taking an EntityManager run in the caller's transaction. */
@Injectable()
export class ReferralRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get codes() {
    return this.dataSource.getRepository(ReferralCodeEntity);
  }

  private get referrals() {
    return this.dataSource.getRepository(ReferralEntity);
  }

  async codeOf(userId: string): Promise<string | null> {
    return (await this.codes.findOneBy({ userId }))?.code ?? null;
  }

  async userOfCode(code: string): Promise<string | null> {
    return (await this.codes.findOneBy({ code }))?.userId ?? null;
  }

  /** Throws a unique violation when the user has a code already or another user has this one. */
  async insertCode(userId: string, code: string): Promise<void> {
    await this.codes.insert({ userId, code, createdAt: new Date() });
  }

  /** The sign-up through a link; a user already recorded keeps their first referrer. */
  async record(referredUserId: string, referrerUserId: string): Promise<void> {
    await this.referrals
      .createQueryBuilder()
      .insert()
      .into(ReferralEntity)
      .values({ referredUserId, referrerUserId, createdAt: new Date(), rewardedAt: null, paymentId: null })
      .orIgnore()
      .execute();
  }

  /**
   * Marks the user's referral rewarded by this payment, in one conditional update, so concurrent first
   * purchases reward it once; the row as it is now when this call rewarded it, else null.
   */
  async claimReward(
    m: EntityManager,
    referredUserId: string,
    reward: { paymentId: string; credits: number; at: Date },
  ): Promise<ReferralEntity | null> {
    const { affected } = await m.update(
      ReferralEntity,
      { referredUserId, rewardedAt: IsNull() },
      { rewardedAt: reward.at, paymentId: reward.paymentId, rewardCredits: reward.credits },
    );
    return affected ? m.findOneBy(ReferralEntity, { referredUserId }) : null;
  }

  /** One read of the referrer's rows: sign-ups, rewarded ones, and credits earned. */
  async countsOf(referrerUserId: string): Promise<ReferralCounts> {
    const row = await this.referrals
      .createQueryBuilder('r')
      .select('COUNT(*)', 'invited')
      .addSelect('COUNT(r.rewarded_at)', 'rewarded')
      .addSelect('COALESCE(SUM(r.reward_credits), 0)', 'earned')
      .where('r.referrer_user_id = :referrerUserId', { referrerUserId })
      .getRawOne<{ invited: number | string; rewarded: number | string; earned: number | string }>();
    return {
      invited: Number(row?.invited ?? 0),
      rewarded: Number(row?.rewarded ?? 0),
      creditsEarned: Number(row?.earned ?? 0),
    };
  }

  /** The rows naming the user on either side, for the data export (oldest first). */
  pageOf(userId: string, skip: number, take: number): Promise<ReferralEntity[]> {
    return this.referrals.find({
      where: [{ referredUserId: userId }, { referrerUserId: userId }],
      order: { createdAt: 'ASC', referredUserId: 'ASC' },
      skip,
      take,
    });
  }

  findCode(userId: string): Promise<ReferralCodeEntity | null> {
    return this.codes.findOneBy({ userId });
  }

  /**
   * A deleted account: its code (its link stops working) and its own referral go; the referrals it
   * made stay, for the users it invited, without it.
   */
  async forget(m: EntityManager, userId: string): Promise<void> {
    await m.delete(ReferralCodeEntity, { userId });
    await m.delete(ReferralEntity, { referredUserId: userId });
    await m.update(ReferralEntity, { referrerUserId: userId }, { referrerUserId: null });
  }
}
