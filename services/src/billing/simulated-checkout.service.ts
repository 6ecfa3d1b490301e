import { Inject, Injectable } from '@nestjs/common';
import { findPlan, toCents, type BillingCycle } from '@veo3/contracts/catalogue';
import { auditedBy, type AdminActor } from '../admin/admin-actor';
import { AuditLogService } from '../audit/audit-log.service';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import type { SessionUser } from '../users/session-user';
import { BillingErrorCode, BillingException } from './billing.exception';
import { BillingRepository } from './billing.repository';
import { ALREADY_SUBSCRIBED_MESSAGE, BillingService } from './billing.service';
import type { CheckoutSessionEntity } from './checkout-session.entity';
import { FulfillmentService, type OnGranted } from './fulfillment.service';
import type { InvoiceSnapshot } from './stripe.gateway';

/** One billing period on from `from`. */
export function nextPeriodEnd(from: Date, cycle: BillingCycle): Date {
  const next = new Date(from);
  if (cycle === 'yearly') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/**
 * The first invoice Stripe would make for a plan's checkout: the plan's price less the promotion
 * code's discount, so that it grants (or, at $0, does not) exactly as Stripe's would.
 */
function firstInvoiceOf(session: CheckoutSessionEntity): InvoiceSnapshot {
  return {
    id: `in_sim_${session.id}`,
    paid: true,
    subscriptionId: `sub_${session.id}`,
    amountPaidCents: session.amountCents - session.discountCents,
    subtotalCents: session.amountCents,
    discounted: session.discountCents > 0,
    currency: session.currency,
    billingReason: 'subscription_create',
    hostedInvoiceUrl: null,
  };
}

/**
 * The embedded default's checkout: no network, same fulfillment as a Stripe webhook. Answers 404
 * whenever Stripe is configured, and in production unless SIMULATED_CHECKOUT is on.
 */
@Injectable()
export class SimulatedCheckoutService {
  constructor(
    private readonly rows: BillingRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly billing: BillingService,
    private readonly fulfillment: FulfillmentService,
    private readonly audit: AuditLogService,
  ) {}

  /** "Pay" on the test checkout page: the owner's open or already paid session. */
  async complete(user: SessionUser, sessionId: string) {
    this.ensureEnabled();
    const session = await this.billing.ownSession(user, sessionId);
    if (!session.simulated || session.status === 'expired') {
      throw new BillingException(BillingErrorCode.SessionClosed, 'This checkout session can no longer be paid.');
    }
    // A paid session paid again changes nothing, not even a plan renewed since.
    const subscription =
      session.type === 'subscription' && session.status === 'open'
        ? {
            // Derived from the session, so paying twice at once still makes one subscription.
            id: `sub_${session.id}`,
            userId: user.id,
            planId: session.itemId,
            billingCycle: session.billingCycle ?? 'monthly',
            status: 'active',
            currentPeriodEnd: nextPeriodEnd(new Date(), session.billingCycle ?? 'monthly'),
            cancelAt: null,
            latestInvoiceId: null,
            simulated: true,
          }
        : null;
    if (subscription && (await this.billing.activeSubscription(user.id))) {
      throw new BillingException(BillingErrorCode.AlreadySubscribed, ALREADY_SUBSCRIBED_MESSAGE);
    }
    const result = await this.fulfillment.fulfillCheckout(session, {
      invoiceId: null,
      subscription,
      invoice: subscription && firstInvoiceOf(session),
    });
    return {
      redirect_url: this.billing.withSessionId(session.successUrl, session.id),
      credits_granted: result.creditsGranted,
      balance: result.balance,
    };
  }

  /**
   * An administrator moves a simulated plan on by one period, as Stripe's `invoice.paid` would,
   * with an audit row in the grant's transaction. The invoice is named by the period it closes, so
   * two renewals of the same period grant (and record) once.
   */
  async renew(subscriptionId: string, actor: AdminActor) {
    this.ensureEnabled();
    const subscription = await this.rows.findSubscription(subscriptionId);
    const plan = findPlan(subscription?.planId);
    if (!subscription || !subscription.simulated || !plan || subscription.status !== 'active') {
      throw new BillingException(BillingErrorCode.NoSubscription, 'No active simulated subscription with this id.');
    }
    const closing = subscription.currentPeriodEnd ?? new Date();
    const periodEnd = nextPeriodEnd(closing, subscription.billingCycle);
    const audited: OnGranted = (m, balance) =>
      this.audit.record(m, {
        ...auditedBy(actor, `Simulated renewal of ${subscription.id}`),
        action: 'subscription.renew',
        targetType: 'user',
        targetId: subscription.userId,
        before: { credits: balance - plan.credits, current_period_end: closing.toISOString() },
        after: { credits: balance, current_period_end: periodEnd.toISOString() },
      });
    const result = await this.fulfillment.fulfillInvoice(
      {
        id: `in_sim_${subscription.id}_${closing.getTime()}`,
        paid: true,
        subscriptionId: subscription.id,
        amountPaidCents: toCents(plan.price[subscription.billingCycle]),
        subtotalCents: toCents(plan.price[subscription.billingCycle]),
        discounted: false,
        currency: 'usd',
        billingReason: 'subscription_cycle',
        hostedInvoiceUrl: null,
      },
      {
        id: subscription.id,
        userId: subscription.userId,
        planId: plan.id,
        billingCycle: subscription.billingCycle,
        status: 'active',
        currentPeriodEnd: periodEnd,
        cancelAt: null,
        latestInvoiceId: null,
        simulated: true,
      },
      audited,
    );
    return { credits_granted: result?.creditsGranted ?? 0, balance: result?.balance ?? 0 };
  }

  private ensureEnabled(): void {
    if (!this.config.simulatedCheckout) throw new BillingException(BillingErrorCode.Unavailable, 'Not found');
  }
}
