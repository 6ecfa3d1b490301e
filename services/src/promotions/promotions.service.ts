import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AccountEraser } from '../account-deletion/account-eraser';
import type { PromoCodeEntity } from './promo-code.entity';
import { promoCodeState } from './promo-terms';
import { PromotionErrorCode, PromotionException, unusableCode } from './promotions.exception';
import { PromotionsRepository } from './promotions.repository';

/** A checkout's use of a code, as the fulfillment redeems it. */
export interface PromotionUse {
  promoCodeId: string;
  userId: string;
  checkoutSessionId: string;
  discountCents: number;
}

/** The buyer's side of promotion codes: finding a usable code, and redeeming it when the checkout is paid. */
@Injectable()
export class PromotionsService implements AccountEraser {
  constructor(private readonly rows: PromotionsRepository) {}

  /** The code typed (any case), if it can be used now; otherwise a typed error saying why. */
  async usableCode(text: string): Promise<PromoCodeEntity> {
    const code = await this.rows.findByCode(text.trim().toUpperCase());
    if (!code) throw new PromotionException(PromotionErrorCode.UnknownCode, 'This promotion code does not exist.');
    const state = promoCodeState(code, new Date());
    if (state !== 'active') throw unusableCode(state);
    return code;
  }

  /** The text of an applied code. */
  async codeText(id: string): Promise<string | null> {
    return (await this.rows.codesOf([id])).get(id) ?? null;
  }

  /**
   * Redeems the code for a checkout in the payment's own transaction `m`, once per checkout (a
   * replayed payment finds its redemption). When the code ran out, expired or was disabled since it
   * was applied, this throws and the whole payment rolls back.
   */
  async redeem(m: EntityManager, use: PromotionUse): Promise<void> {
    if (await this.rows.findRedemption(m, use.checkoutSessionId)) return;
    const now = new Date();
    if (!(await this.rows.countRedemption(m, use.promoCodeId, now))) {
      // The same checkout paid at the same moment redeemed it (and reached the limit): a replay.
      if (await this.rows.findRedemption(m, use.checkoutSessionId, true)) return;
      const code = await this.rows.findById(use.promoCodeId, m);
      const state = code ? promoCodeState(code, now) : 'disabled';
      // Active again by now: the limit was reached by a payment that then rolled back.
      throw unusableCode(state === 'active' ? 'used_up' : state, true);
    }
    await this.rows.insertRedemption(m, { id: randomUUID(), ...use });
  }

  /** Account deletion (an AccountEraser): the user's redemptions. */
  async forgetUser(userId: string): Promise<void> {
    await this.rows.deleteRedemptionsOf(userId);
  }
}
