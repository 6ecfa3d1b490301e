import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { findPack, findPlan, toCents } from '@veo3/contracts/catalogue';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { isUniqueViolation } from '../database/transaction';
import type { SessionUser } from '../users/session-user';
import { BillingErrorCode, BillingException } from './billing.exception';
import { BillingRepository } from './billing.repository';
import { MetricsService } from '../metrics/metrics.service';
import { CreditsService } from '../credits/credits.service';
import { PromotionsService } from '../promotions/promotions.service';
import { STRIPE_GATEWAY } from './billing.tokens';
import type { CheckoutSessionEntity } from './checkout-session.entity';
import type { CreateCheckoutBody, PublicCheckoutSession } from '@veo3/contracts/billing';
import { FulfillmentService, type FulfillmentResult } from './fulfillment.service';
import type { CheckoutSnapshot, StripeGateway } from './stripe.gateway';
import type { SubscriptionEntity } from './subscription.entity';

export const ALREADY_SUBSCRIBED_MESSAGE =
  'You already have an active subscription. Please cancel it first to switch plans.';

@Injectable()
export class BillingService {
  constructor(
    private readonly rows: BillingRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(STRIPE_GATEWAY) private readonly stripe: StripeGateway | null,
    private readonly fulfillment: FulfillmentService,
    private readonly metrics: MetricsService,
    private readonly credits: CreditsService,
    private readonly promotions: PromotionsService,
  ) {}

  /** Opens a checkout for a pack or plan at the catalogue's price; Stripe's, or the simulated one. */
  async createCheckout(user: SessionUser, dto: CreateCheckoutBody, clientKey: string | null) {
    const item = this.itemFor(dto);
    if (item.type === 'subscription' && (await this.activeSubscription(user.id))) {
      throw new BillingException(BillingErrorCode.AlreadySubscribed, ALREADY_SUBSCRIBED_MESSAGE);
    }
    const successUrl = this.returnUrl(dto.success_url, '/payment/success?session_id={CHECKOUT_SESSION_ID}');
    const cancelUrl = this.returnUrl(dto.cancel_url, '/payment/cancel');

    let id: string;
    let url: string;
    if (this.stripe) {
      const created = await this.stripe.createCheckout({
        mode: item.type === 'subscription' ? 'subscription' : 'payment',
        customerId: await this.customerFor(user, this.stripe),
        userId: user.id,
        itemId: item.itemId,
        itemName: item.name,
        amountCents: item.amountCents,
        billingCycle: item.billingCycle,
        successUrl,
        cancelUrl,
        idempotencyKey: `checkout:${user.id}:${clientKey ?? randomBytes(12).toString('hex')}`,
      });
      ({ id, url } = created);
    } else if (this.config.simulatedCheckout) {
      id = `cs_sim_${randomBytes(16).toString('hex')}`;
      url = `${this.config.siteUrl}/payment/checkout?session_id=${id}`;
    } else {
      throw new BillingException(BillingErrorCode.Unavailable, 'Payments are not available on this site right now.');
    }

    try {
      await this.rows.createCheckoutSession({
        id,
        userId: user.id,
        type: item.type,
        itemId: item.itemId,
        billingCycle: item.billingCycle,
        amountCents: item.amountCents,
        currency: 'usd',
        credits: item.credits,
        status: 'open',
        simulated: !this.stripe,
        successUrl,
        cancelUrl,
      });
      this.metrics.checkoutCreated(item.type === 'subscription' ? 'plan' : 'pack');
    } catch (error) {
      // A retried request that Stripe answered with the same session: it is already recorded.
      if (!isUniqueViolation(error)) throw error;
    }
    return { url, session_id: id };
  }

  /**
   * The caller's checkout, fulfilled now if Stripe says it is paid and the webhook has not come yet
   * (the same idempotent path the webhook takes).
   */
  async checkoutSession(user: SessionUser, id: string): Promise<PublicCheckoutSession> {
    let session = await this.ownSession(user, id);
    // The signed-in user comes without a balance (it is never cached): read it now.
    let balance = await this.credits.balanceOf(user.id);
    if (this.stripe && !session.simulated && session.status === 'open') {
      const remote = await this.stripe.retrieveCheckout(id);
      if (remote.paid && remote.status === 'complete') {
        const result = await this.fulfillStripeCheckout(session, remote);
        balance = result.balance;
        session = await this.ownSession(user, id);
      } else if (remote.status === 'expired') {
        await this.rows.expireCheckoutSession(id);
        session.status = 'expired';
      }
    }
    return this.toPublic(session, balance, await this.promotionCodeOf(session));
  }

  /** The text of the promotion code applied to a simulated checkout, if any. */
  private async promotionCodeOf(session: CheckoutSessionEntity): Promise<string | null> {
    return session.promoCodeId ? this.promotions.codeText(session.promoCodeId) : null;
  }

  /** Stripe said a checkout is paid: the subscription and its first invoice (for plans) are re-read, then credits granted once. */
  async fulfillStripeCheckout(session: CheckoutSessionEntity, remote: CheckoutSnapshot): Promise<FulfillmentResult> {
    const { subscriptionId, amountTotalCents } = remote;
    const subscription = subscriptionId && this.stripe ? await this.stripe.retrieveSubscription(subscriptionId) : null;
    const firstInvoiceId = remote.invoiceId ?? subscription?.latestInvoiceId ?? null;
    const invoice = firstInvoiceId && this.stripe ? await this.stripe.retrieveInvoice(firstInvoiceId) : null;
    const receiptUrl = session.type === 'credits' ? await this.packReceiptUrl(session.id) : null;
    return this.fulfillment.fulfillCheckout(session, {
      invoiceId: firstInvoiceId,
      subscription,
      invoice,
      receiptUrl,
      amountTotalCents,
    });
  }

  /** A pack's receipt at Stripe; the credits do not wait on it: the account page asks again later. */
  private async packReceiptUrl(sessionId: string): Promise<string | null> {
    return this.stripe ? this.stripe.receiptUrlOf({ id: sessionId, kind: 'pack' }).catch(() => null) : null;
  }

  async subscriptionStatus(user: SessionUser) {
    const subscription = await this.activeSubscription(user.id);
    return {
      hasActiveSubscription: Boolean(subscription),
      subscription: subscription
        ? {
            id: subscription.id,
            planId: subscription.planId,
            billingCycle: subscription.billingCycle,
            currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
            status: subscription.status,
            cancelAt: subscription.cancelAt?.toISOString() ?? null,
          }
        : null,
      portalAvailable: Boolean(this.stripe),
    };
  }

  /** Ends the plan at once; credits already granted stay. */
  async cancelSubscription(user: SessionUser) {
    const subscription = await this.activeSubscription(user.id);
    if (!subscription) {
      throw new BillingException(BillingErrorCode.NoSubscription, 'You have no active subscription to cancel.');
    }
    await this.endAtOnce(subscription);
    return { message: 'Your subscription has been cancelled. Credits already granted stay in your balance.' };
  }

  /** A deleted account's live plan ends at once (at Stripe, or the simulated one); whether there was one. */
  async cancelForDeletion(userId: string): Promise<boolean> {
    const subscription = await this.activeSubscription(userId);
    if (!subscription) return false;
    await this.endAtOnce(subscription);
    return true;
  }

  private async endAtOnce(subscription: SubscriptionEntity): Promise<void> {
    if (this.stripe && !subscription.simulated) {
      await this.stripe.cancelSubscription(subscription.id);
      await this.fulfillment.syncSubscription(await this.stripe.retrieveSubscription(subscription.id));
      return;
    }
    await this.fulfillment.syncSubscription({
      id: subscription.id,
      userId: subscription.userId,
      planId: subscription.planId,
      billingCycle: subscription.billingCycle,
      status: 'canceled',
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAt: null,
      latestInvoiceId: null,
      simulated: true,
    });
  }

  async portal(user: SessionUser): Promise<string> {
    if (!this.stripe) {
      throw new BillingException(BillingErrorCode.Unavailable, 'Billing management is not available on this site.');
    }
    const customer = await this.rows.findCustomer(user.id);
    if (!customer) {
      throw new BillingException(
        BillingErrorCode.NoCustomer,
        'You have no billing account with Stripe yet: it is made with your first card payment.',
      );
    }
    return this.stripe.createPortal(customer.stripeCustomerId, `${this.config.siteUrl}/account`);
  }

  activeSubscription(userId: string): Promise<SubscriptionEntity | null> {
    return this.rows.activeSubscription(userId);
  }

  async ownSession(user: SessionUser, id: string): Promise<CheckoutSessionEntity> {
    const session = await this.rows.findUserCheckoutSession(user.id, id);
    if (!session) throw new BillingException(BillingErrorCode.SessionNotFound, 'This checkout session was not found.');
    return session;
  }

  private toPublic(
    session: CheckoutSessionEntity,
    balance: number,
    promotionCode: string | null,
  ): PublicCheckoutSession {
    const complete = session.status === 'complete';
    return {
      id: session.id,
      status: session.status,
      payment_status: complete ? 'paid' : 'unpaid',
      type: session.type,
      item_id: session.itemId,
      item_name: (session.type === 'credits' ? findPack(session.itemId) : findPlan(session.itemId))?.name ?? '',
      amount: session.amountCents / 100,
      currency: session.currency,
      credits: session.credits,
      billing_cycle: session.billingCycle,
      credits_granted: session.creditsGranted,
      balance,
      simulated: session.simulated,
      success_url: this.withSessionId(session.successUrl, session.id),
      cancel_url: session.cancelUrl,
      promotion_code: promotionCode,
      discount: session.discountCents / 100,
      amount_due: (session.amountCents - session.discountCents) / 100,
    };
  }

  /** The success URL as Stripe would send the buyer there, with the session id filled in. */
  withSessionId(url: string, sessionId: string): string {
    return url.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId));
  }

  private itemFor(dto: CreateCheckoutBody) {
    if (dto.type === 'credits') {
      const pack = findPack(dto.package_id);
      if (!pack)
        throw new BillingException(BillingErrorCode.UnknownItem, `Unknown credit pack: ${dto.package_id ?? ''}`);
      return {
        type: 'credits' as const,
        itemId: pack.id,
        name: `${pack.name} credit pack (${pack.credits} credits)`,
        amountCents: toCents(pack.price),
        credits: pack.credits,
        billingCycle: null,
      };
    }
    const plan = findPlan(dto.plan_id);
    if (!plan) throw new BillingException(BillingErrorCode.UnknownItem, `Unknown plan: ${dto.plan_id ?? ''}`);
    return {
      type: 'subscription' as const,
      itemId: plan.id,
      name: `${plan.name} plan (${plan.credits} credits a ${dto.billing_cycle === 'yearly' ? 'year' : 'month'})`,
      amountCents: toCents(plan.price[dto.billing_cycle]),
      credits: plan.credits,
      billingCycle: dto.billing_cycle,
    };
  }

  /** Return addresses must be on this site; anything else is replaced by ours. */
  private returnUrl(requested: string | undefined, fallbackPath: string): string {
    const fallback = `${this.config.siteUrl}${fallbackPath}`;
    if (!requested) return fallback;
    try {
      return new URL(requested).origin === new URL(this.config.siteUrl).origin ? requested : fallback;
    } catch {
      return fallback;
    }
  }

  /** The user's one Stripe customer, created on first checkout. */
  private async customerFor(user: SessionUser, stripe: StripeGateway): Promise<string> {
    const existing = await this.rows.findCustomer(user.id);
    if (existing) return existing.stripeCustomerId;
    const stripeCustomerId = await stripe.createCustomer(user.id, user.email);
    try {
      await this.rows.createCustomer(user.id, stripeCustomerId);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    return stripeCustomerId;
  }
}
