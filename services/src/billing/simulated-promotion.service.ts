import { Inject, Injectable } from '@nestjs/common';
import type { PublicCheckoutSession } from '@veo3/contracts/billing';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { discountCents } from '../promotions/promo-terms';
import { PromotionsService } from '../promotions/promotions.service';
import type { SessionUser } from '../users/session-user';
import { BillingErrorCode, BillingException } from './billing.exception';
import { BillingRepository } from './billing.repository';
import { BillingService } from './billing.service';
import type { CheckoutSessionEntity } from './checkout-session.entity';

const closed = () =>
  new BillingException(BillingErrorCode.SessionClosed, 'This checkout session can no longer be paid.');

/**
 * A promotion code on the simulated checkout, applied before Pay: the discount is computed as
 * Stripe computes a coupon's, and the code is redeemed (within its limit and expiry) only at Pay.
 */
@Injectable()
export class SimulatedPromotionService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rows: BillingRepository,
    private readonly billing: BillingService,
    private readonly promotions: PromotionsService,
  ) {}

  /** Applies the code (replacing any other) to the buyer's open session; the session as the page shows it. */
  async apply(user: SessionUser, sessionId: string, text: string): Promise<PublicCheckoutSession> {
    const session = await this.openSession(user, sessionId);
    const code = await this.promotions.usableCode(text);
    return this.set(user, session, code.id, discountCents(code, session.amountCents));
  }

  async remove(user: SessionUser, sessionId: string): Promise<PublicCheckoutSession> {
    return this.set(user, await this.openSession(user, sessionId), null, 0);
  }

  private async set(
    user: SessionUser,
    session: CheckoutSessionEntity,
    promoCodeId: string | null,
    discount: number,
  ): Promise<PublicCheckoutSession> {
    // Paid or expired meanwhile: the payment keeps the terms it was paid at.
    if (!(await this.rows.setCheckoutPromotion(session.id, promoCodeId, discount))) throw closed();
    return this.billing.checkoutSession(user, session.id);
  }

  private async openSession(user: SessionUser, sessionId: string): Promise<CheckoutSessionEntity> {
    if (!this.config.simulatedCheckout) throw new BillingException(BillingErrorCode.Unavailable, 'Not found');
    const session = await this.billing.ownSession(user, sessionId);
    if (!session.simulated || session.status !== 'open') throw closed();
    return session;
  }
}
