import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { TransactionRunner } from '../database/transaction-runner';
import { findPlan } from '@veo3/contracts/catalogue';
import { CreditsService } from '../credits/credits.service';
import { PromotionsService } from '../promotions/promotions.service';
import { isDeadlock, isUniqueViolation } from '../database/transaction';
import { ReferralsService } from '../referrals/referrals.service';
import { UserRepository } from '../users/user.repository';
import { BillingRepository } from './billing.repository';
import { noGrantReason } from './invoice-grant';
import type { CheckoutSessionEntity } from './checkout-session.entity';
import type { PaymentEntity, PaymentNoGrantReason, PaymentReversalField } from './payment.entity';
import type { InvoiceSnapshot, SubscriptionSnapshot } from './stripe.gateway';
import type { SubscriptionEntity } from './subscription.entity';

export interface FulfillmentResult {
  creditsGranted: number;
  balance: number;
}

/** Work done in a grant's own transaction, with the balance after it (e.g. its audit row). */
export type OnGranted = (m: EntityManager, balance: number) => Promise<void>;

/**
 * The one idempotent path from "paid" to credits, shared by the webhook, the success page and the
 * simulated checkout. Each grant is keyed by the payment (`stripe:<session or invoice id>`) and
 * written with its payment record in one transaction, so replays, races and any order of events
 * end in the same state.
 */
@Injectable()
export class FulfillmentService {
  private readonly logger = new Logger(FulfillmentService.name);

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly credits: CreditsService,
    private readonly rows: BillingRepository,
    private readonly users: UserRepository,
    private readonly referrals: ReferralsService,
    private readonly promotions: PromotionsService,
  ) {}

  /**
   * A paid checkout: packs are keyed by the session, plans by their first invoice (when there is
   * one), so that the same invoice's `invoice.paid` changes nothing. A plan's first invoice grants
   * only at the plan's price (or less a discount), as `invoice.paid` would decide (a trial or a
   * 100 % coupon pays $0). A simulated checkout's promotion code is redeemed in the same transaction:
   * when it can no longer be used, nothing is paid.
   */
  fulfillCheckout(
    session: CheckoutSessionEntity,
    paid: {
      invoiceId: string | null;
      subscription: SubscriptionSnapshot | null;
      invoice?: InvoiceSnapshot | null;
      /** A pack's receipt at Stripe (its charge's), when known. */
      receiptUrl?: string | null;
      /** What Stripe charged for the session (after its promotion code's discount), when known. */
      amountTotalCents?: number | null;
    },
  ): Promise<FulfillmentResult> {
    const paymentId = session.type === 'subscription' && paid.invoiceId ? paid.invoiceId : session.id;
    const withheld = this.withheldAtCheckout(session, paid.invoice ?? null);
    return this.once(async (m) => {
      if (session.promoCodeId) await this.redeemPromotion(m, session, session.promoCodeId);
      if (paid.subscription) await this.saveSubscription(m, paid.subscription);
      const payment = {
        paymentId,
        userId: session.userId,
        kind: session.type === 'credits' ? ('pack' as const) : ('plan' as const),
        itemId: session.itemId,
        amountCents:
          paid.invoice?.amountPaidCents ?? paid.amountTotalCents ?? session.amountCents - session.discountCents,
        currency: paid.invoice?.currency ?? session.currency,
        checkoutSessionId: session.id,
        subscriptionId: paid.subscription?.id ?? null,
        receiptUrl: paid.invoice?.hostedInvoiceUrl ?? paid.receiptUrl ?? null,
      };
      const credits = withheld ? 0 : session.credits;
      if (withheld) await this.recordWithoutGrant(m, { ...payment, credits, noGrantReason: withheld });
      const balance = withheld
        ? await this.credits.balanceOf(session.userId, m)
        : await this.grant(m, { ...payment, credits, noGrantReason: null });
      await this.rows.completeCheckoutSession(m, session, credits);
      return { creditsGranted: credits, balance };
    });
  }

  private redeemPromotion(m: EntityManager, session: CheckoutSessionEntity, promoCodeId: string): Promise<void> {
    return this.promotions.redeem(m, {
      promoCodeId,
      userId: session.userId,
      checkoutSessionId: session.id,
      discountCents: session.discountCents,
    });
  }

  private withheldAtCheckout(session: CheckoutSessionEntity, invoice: InvoiceSnapshot | null) {
    const plan = session.type === 'subscription' ? findPlan(session.itemId) : undefined;
    if (!invoice || !plan || !session.billingCycle) return null;
    const withheld = noGrantReason(invoice, plan, session.billingCycle);
    if (withheld) this.logWithheld(invoice, withheld);
    return withheld;
  }

  /**
   * A paid subscription invoice: the plan's credits for that period (the first one or a renewal)
   * when it paid the plan's price; any other invoice is recorded as a payment granting nothing.
   * Null when nothing was granted.
   * `onGranted` runs in the grant's transaction when the invoice grants now (not on a replay).
   */
  async fulfillInvoice(
    invoice: InvoiceSnapshot,
    subscription: SubscriptionSnapshot,
    onGranted?: OnGranted,
  ): Promise<FulfillmentResult | null> {
    const plan = findPlan(subscription.planId);
    if (!plan || !(await this.users.exists(subscription.userId))) {
      this.logger.warn(`invoice ${invoice.id}: subscription ${subscription.id} names no known user or plan`);
      return null;
    }
    const payment = {
      paymentId: invoice.id,
      userId: subscription.userId,
      kind: invoice.billingReason === 'subscription_cycle' ? ('renewal' as const) : ('plan' as const),
      itemId: plan.id,
      amountCents: invoice.amountPaidCents,
      currency: invoice.currency,
      checkoutSessionId: null,
      subscriptionId: subscription.id,
      receiptUrl: invoice.hostedInvoiceUrl,
    };
    const withheld = noGrantReason(invoice, plan, subscription.billingCycle);
    if (withheld) {
      this.logWithheld(invoice, withheld);
      await this.once(async (m) => {
        await this.saveSubscription(m, subscription);
        await this.recordWithoutGrant(m, { ...payment, credits: 0, noGrantReason: withheld });
      });
      return null;
    }
    return this.once(async (m) => {
      await this.saveSubscription(m, subscription);
      const balance = await this.grant(m, { ...payment, credits: plan.credits, noGrantReason: null, onGranted });
      return { creditsGranted: plan.credits, balance };
    });
  }

  /** Keeps our copy of a subscription in step (status, period end); grants nothing. */
  async syncSubscription(subscription: SubscriptionSnapshot): Promise<void> {
    if (!findPlan(subscription.planId) || !(await this.users.exists(subscription.userId))) {
      this.logger.warn(`subscription ${subscription.id} names no known user or plan`);
      return;
    }
    await this.once((m) => this.saveSubscription(m, subscription));
  }

  private async grant(
    m: EntityManager,
    p: Omit<PaymentEntity, 'id' | 'createdAt' | PaymentReversalField> & { paymentId: string; onGranted?: OnGranted },
  ): Promise<number> {
    const { paymentId, onGranted, ...payment } = p;
    const result = await this.credits.grant(
      {
        userId: p.userId,
        amount: p.credits,
        sourceType: p.kind === 'pack' ? 'purchase' : p.kind,
        sourceId: paymentId,
        description: p.kind === 'pack' ? `Credit pack ${p.itemId}` : `Plan ${p.itemId}`,
        idempotencyKey: `stripe:${paymentId}`,
      },
      m,
    );
    let balance = result.balance;
    if (!result.replayed) {
      await this.rows.insertPayment(m, { id: paymentId, ...payment });
      await onGranted?.(m, result.balance);
      // A paid purchase rewards the buyer's referral, if any, once (the first one does): the balance after it.
      if (p.amountCents > 0 && p.credits > 0) {
        balance = (await this.referrals.rewardFirstPurchase(m, { userId: p.userId, paymentId })) ?? balance;
      }
    }
    return balance;
  }

  private logWithheld(invoice: InvoiceSnapshot, reason: PaymentNoGrantReason): void {
    const paid = `${invoice.amountPaidCents} ${invoice.currency}, ${invoice.billingReason ?? 'no billing_reason'}`;
    this.logger.log(`invoice ${invoice.id} (${paid}) grants no credits: ${reason}`);
  }

  /** Once per payment: a replayed invoice finds its row. */
  private async recordWithoutGrant(
    m: EntityManager,
    p: Omit<PaymentEntity, 'id' | 'createdAt' | PaymentReversalField> & { paymentId: string },
  ): Promise<void> {
    const { paymentId, ...payment } = p;
    if (!(await this.rows.findPayment(m, paymentId))) await this.rows.insertPayment(m, { id: paymentId, ...payment });
  }

  private async saveSubscription(m: EntityManager, s: SubscriptionSnapshot): Promise<void> {
    const fields = {
      userId: s.userId,
      planId: s.planId as SubscriptionEntity['planId'],
      billingCycle: s.billingCycle,
      status: s.status,
      currentPeriodEnd: s.currentPeriodEnd,
      canceledAt: s.status === 'canceled' ? new Date() : null,
      cancelAt: s.cancelAt,
      simulated: s.simulated,
    };
    const existing = await this.rows.lockSubscription(m, s.id);
    if (!existing) {
      await this.rows.insertSubscription(m, { id: s.id, ...fields });
      return;
    }
    // A cancelled subscription stays cancelled, whatever a late event said.
    if (existing.status === 'canceled') return;
    await this.rows.updateSubscription(m, s.id, fields);
  }

  /**
   * One transaction. A race lost on a unique key means another request did the work: running again
   * finds it as a replay. A MySQL deadlock victim is simply run again.
   */
  private async once<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.transactions.run(work);
      } catch (error) {
        if (!(isUniqueViolation(error) || isDeadlock(error)) || attempt >= 3) throw error;
      }
    }
  }
}
