import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { REFERRAL_CODE_LENGTH, REFERRAL_CODE_PATTERN } from '@veo3/contracts/referral-code';
import type { ReferralSummary } from '@veo3/contracts/referrals';
import type { AccountEraser } from '../account-deletion/account-eraser';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { CreditsService } from '../credits/credits.service';
import { isUniqueViolation } from '../database/transaction';
import { TransactionRunner } from '../database/transaction-runner';
import { UserRepository } from '../users/user.repository';
import { ReferralRepository } from './referral.repository';
import { ReferralsErrorCode, ReferralsException } from './referrals.exception';

/** Draws before giving up: with 60 random bits a collision is already rare. */
const CODE_TRIES = 5;

/** 60 random bits as URL-safe text: says nothing of its user and cannot be guessed from another code. */
const newCode = () => randomBytes(8).toString('base64url').slice(0, REFERRAL_CODE_LENGTH);

/** The first purchase that may reward a referral: the buyer and the payment. */
export interface FirstPurchase {
  userId: string;
  paymentId: string;
}

/**
 * Referrals: a user's link (`<SITE_URL>/?ref=<code>`), the sign-ups it brings (recorded by the sign-in
 * that creates an account), and their reward, REFERRAL_CREDITS to each side, once per invited user, at
 * that user's first purchase (in the purchase's own transaction).
 */
@Injectable()
export class ReferralsService implements AccountEraser {
  private readonly logger = new Logger(ReferralsService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: TransactionRunner,
    private readonly rows: ReferralRepository,
    private readonly credits: CreditsService,
    private readonly users: UserRepository,
  ) {}

  private get rewardCredits(): number {
    return this.config.referralCredits;
  }

  /** GET /api/referrals: the caller's link (its code made on the first ask) and what it brought. */
  async summary(userId: string): Promise<ReferralSummary> {
    const counts = await this.rows.countsOf(userId);
    const code = this.rewardCredits > 0 ? await this.codeFor(userId) : null;
    return {
      link: code && `${this.config.siteUrl}/?ref=${code}`,
      code,
      reward_credits: this.rewardCredits,
      invited: counts.invited,
      rewarded: counts.rewarded,
      credits_earned: counts.creditsEarned,
    };
  }

  /**
   * A new account's sign-up through a link: recorded when the code names another user. A sign-in
   * never fails for its code: an unknown one, or a failure here, is only skipped.
   */
  async recordSignUp(newUserId: string, code: string): Promise<void> {
    if (this.rewardCredits === 0 || !REFERRAL_CODE_PATTERN.test(code)) return;
    try {
      const referrerId = await this.rows.userOfCode(code);
      if (referrerId && referrerId !== newUserId) await this.rows.record(newUserId, referrerId);
    } catch (error) {
      this.logger.warn(`could not record a sign-up's referral: ${String(error)}`);
    }
  }

  /**
   * The reward of a referral at the invited user's first purchase, in the purchase's transaction `m`:
   * one conditional update marks it rewarded, so of concurrent first purchases one rewards it; then each
   * side gets REFERRAL_CREDITS under its own key. A referrer whose account is gone gets nothing. The
   * buyer's balance after their reward; null when this purchase rewarded nothing.
   */
  async rewardFirstPurchase(m: EntityManager, purchase: FirstPurchase): Promise<number | null> {
    const credits = this.rewardCredits;
    if (credits === 0) return null;
    const referral = await this.rows.claimReward(m, purchase.userId, {
      paymentId: purchase.paymentId,
      credits,
      at: new Date(),
    });
    if (!referral) return null;
    const grant = (userId: string, side: 'referred' | 'referrer', description: string) =>
      this.credits.grant(
        {
          userId,
          amount: credits,
          sourceType: 'referral',
          sourceId: purchase.userId,
          description,
          idempotencyKey: `referral:${purchase.userId}:${side}`,
        },
        m,
      );
    const { balance } = await grant(purchase.userId, 'referred', 'Referral reward: joined through an invitation');
    const referrer = referral.referrerUserId ? await this.users.lockUser(m, referral.referrerUserId) : null;
    if (referrer && !referrer.erasedAt) await grant(referrer.id, 'referrer', 'Referral reward: an invited friend');
    return balance;
  }

  /** Account deletion: the code and the user's own referral go; referrals the user made lose their referrer. */
  async forgetUser(userId: string): Promise<void> {
    await this.transactions.run((m) => this.rows.forget(m, userId));
  }

  /** The user's code, made on the first ask (two asks at once get the same one). */
  private async codeFor(userId: string): Promise<string> {
    for (let attempt = 0; attempt < CODE_TRIES; attempt++) {
      const existing = await this.rows.codeOf(userId);
      if (existing) return existing;
      try {
        const code = newCode();
        await this.rows.insertCode(userId, code);
        return code;
      } catch (error) {
        // Another request made the user's code, or the code was taken: look again, draw again.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new ReferralsException(
      ReferralsErrorCode.CodeUnavailable,
      'Your invitation link could not be made. Please try again.',
    );
  }
}
