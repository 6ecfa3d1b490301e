import StripeSdk from 'stripe';
import type { AppConfig } from '../config/app-config';
import type { BillingCycle } from '@veo3/contracts/catalogue';
import { BillingErrorCode, BillingException } from './billing.exception';
import type { PaymentEntity } from './payment.entity';

/** A subscription as Stripe (or the simulated checkout) reports it, with our user and plan from its metadata. */
export interface SubscriptionSnapshot {
  id: string;
  userId: string;
  planId: string;
  billingCycle: BillingCycle;
  status: string;
  currentPeriodEnd: Date | null;
  /** When it ends instead of renewing (cancelled at the period's end, e.g. in the portal); null while it renews. */
  cancelAt: Date | null;
  latestInvoiceId: string | null;
  simulated: boolean;
}

export interface CheckoutSnapshot {
  id: string;
  paid: boolean;
  status: 'open' | 'complete' | 'expired';
  invoiceId: string | null;
  subscriptionId: string | null;
  /** What the buyer was charged, after a promotion code's discount; null when Stripe does not say. */
  amountTotalCents: number | null;
}

export interface InvoiceSnapshot {
  id: string;
  paid: boolean;
  subscriptionId: string | null;
  amountPaidCents: number;
  /** The price before discounts. */
  subtotalCents: number;
  /** A coupon or promotion code took something off. */
  discounted: boolean;
  currency: string;
  billingReason: string | null;
  /** The invoice's page at Stripe, the buyer's receipt for a plan. */
  hostedInvoiceUrl: string | null;
}

export interface ChargeSnapshot {
  id: string;
  paymentIntentId: string | null;
  amountCents: number;
  /** Refunded so far, in all. */
  refundedCents: number;
}

/** What a payment intent paid for: a pack's checkout session or a subscription's invoice. */
export interface PaidBy {
  checkoutSessionId: string | null;
  invoiceId: string | null;
}

export interface CheckoutRequest {
  mode: 'payment' | 'subscription';
  customerId: string;
  userId: string;
  itemId: string;
  itemName: string;
  amountCents: number;
  billingCycle: BillingCycle | null;
  successUrl: string;
  cancelUrl: string;
  /** Stripe's own idempotency key, so a retried request opens one session. */
  idempotencyKey: string;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const cycleOf = (value: string | undefined): BillingCycle => (value === 'yearly' ? 'yearly' : 'monthly');

/** The Stripe SDK calls billing makes, reduced to the facts billing needs; nothing else talks to Stripe. */
export class StripeGateway {
  private readonly stripe: StripeSdk;

  constructor(private readonly settings: NonNullable<AppConfig['stripe']>) {
    const base = settings.apiBase ? new URL(settings.apiBase) : null;
    this.stripe = new StripeSdk(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base && {
        host: base.hostname,
        port: base.port || (base.protocol === 'http:' ? 80 : 443),
        protocol: base.protocol === 'http:' ? 'http' : 'https',
      }),
    });
  }

  /** Verifies the signature and age of a webhook delivery; throws BadSignature otherwise. */
  parseEvent(rawBody: Buffer | string, signature: string | undefined): StripeSdk.Event {
    if (!signature) throw new BillingException(BillingErrorCode.BadSignature, 'Missing Stripe-Signature header');
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch (error) {
      throw new BillingException(
        BillingErrorCode.BadSignature,
        `Webhook signature check failed: ${(error as Error).message}`,
      );
    }
  }

  async createCustomer(userId: string, email: string): Promise<string> {
    const customer = await this.call(() =>
      this.stripe.customers.create(
        { email, metadata: { user_id: userId } },
        // Two first checkouts at once still make one customer.
        { idempotencyKey: `customer:${userId}` },
      ),
    );
    return customer.id;
  }

  async createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }> {
    const metadata = {
      user_id: request.userId,
      item_id: request.itemId,
      billing_cycle: request.billingCycle ?? '',
    };
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: request.mode,
          customer: request.customerId,
          client_reference_id: request.userId,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: request.amountCents,
                product_data: { name: request.itemName },
                ...(request.mode === 'subscription' && {
                  recurring: { interval: request.billingCycle === 'yearly' ? 'year' : 'month' },
                }),
              },
            },
          ],
          metadata,
          // The buyer may enter a promotion code made in the Stripe Dashboard; fulfillment records what was charged.
          allow_promotion_codes: true,
          ...(request.mode === 'subscription'
            ? { subscription_data: { metadata } }
            : { payment_intent_data: { metadata } }),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: request.idempotencyKey },
      ),
    );
    if (!session.url) throw new BillingException(BillingErrorCode.ProviderFailed, 'Stripe returned no checkout URL');
    return { id: session.id, url: session.url };
  }

  async retrieveCheckout(id: string): Promise<CheckoutSnapshot> {
    const session = await this.call(() => this.stripe.checkout.sessions.retrieve(id));
    return {
      id: session.id,
      paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
      status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
      invoiceId: idOf(session.invoice),
      subscriptionId: idOf(session.subscription),
      amountTotalCents: session.amount_total,
    };
  }

  async retrieveSubscription(id: string): Promise<SubscriptionSnapshot> {
    const sub = await this.call(() => this.stripe.subscriptions.retrieve(id));
    // Since API 2025-03-31 the billing period lives on the subscription's items.
    const periodEnd = sub.items.data[0]?.current_period_end;
    return {
      id: sub.id,
      userId: sub.metadata.user_id ?? '',
      planId: sub.metadata.item_id ?? '',
      billingCycle: cycleOf(sub.metadata.billing_cycle),
      status: sub.status,
      currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
      cancelAt: sub.cancel_at
        ? new Date(sub.cancel_at * 1000)
        : sub.cancel_at_period_end && periodEnd
          ? new Date(periodEnd * 1000)
          : null,
      latestInvoiceId: idOf(sub.latest_invoice),
      simulated: false,
    };
  }

  async retrieveInvoice(id: string): Promise<InvoiceSnapshot> {
    const invoice = await this.call(() => this.stripe.invoices.retrieve(id));
    return {
      id: invoice.id ?? id,
      paid: invoice.status === 'paid',
      subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
      amountPaidCents: invoice.amount_paid,
      subtotalCents: invoice.subtotal,
      discounted:
        (invoice.discounts?.length ?? 0) > 0 || (invoice.total_discount_amounts ?? []).some((d) => d.amount > 0),
      currency: invoice.currency,
      billingReason: invoice.billing_reason,
      hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    };
  }

  /** The charge as Stripe has it now; null when Stripe does not know it. */
  async retrieveCharge(id: string): Promise<ChargeSnapshot | null> {
    const charge = await this.orNull(() => this.stripe.charges.retrieve(id));
    return (
      charge && {
        id: charge.id,
        paymentIntentId: idOf(charge.payment_intent),
        amountCents: charge.amount,
        refundedCents: charge.amount_refunded,
      }
    );
  }

  /**
   * Refunds what is left of the charge that paid `payment` (a pack's checkout session or a plan's
   * invoice) and answers the charge as it is then. Stripe's idempotency key holds the remaining
   * amount, so a repeated request refunds once, and a charge already refunded in full (in Stripe's
   * dashboard, its webhook not here yet) is answered as it is, without a new refund.
   */
  async refundPayment(payment: Pick<PaymentEntity, 'id' | 'kind'>): Promise<ChargeSnapshot> {
    const paymentIntentId = await this.paymentIntentOf(payment);
    const found =
      paymentIntentId &&
      (await this.call(() => this.stripe.charges.list({ payment_intent: paymentIntentId, limit: 1 }))).data[0];
    if (!found) throw new BillingException(BillingErrorCode.ProviderFailed, `Stripe has no charge for ${payment.id}`);
    const remaining = found.amount - found.amount_refunded;
    if (remaining > 0) {
      await this.call(() =>
        this.stripe.refunds.create(
          { charge: found.id, amount: remaining },
          { idempotencyKey: `admin-refund:${payment.id}:${remaining}` },
        ),
      );
    }
    const charge = await this.retrieveCharge(found.id);
    if (!charge) throw new BillingException(BillingErrorCode.ProviderFailed, `Stripe lost the charge ${found.id}`);
    return charge;
  }

  /**
   * The buyer's receipt at Stripe for a payment: a plan's invoice page, or the receipt of the charge
   * that paid a pack's checkout session; null when Stripe has none.
   */
  async receiptUrlOf(payment: Pick<PaymentEntity, 'id' | 'kind'>): Promise<string | null> {
    if (payment.kind !== 'pack') return (await this.retrieveInvoice(payment.id)).hostedInvoiceUrl;
    const paymentIntentId = await this.paymentIntentOf(payment);
    if (!paymentIntentId) return null;
    const charges = await this.call(() => this.stripe.charges.list({ payment_intent: paymentIntentId, limit: 1 }));
    return charges.data[0]?.receipt_url ?? null;
  }

  /** The charge a dispute is about; null when Stripe does not know the dispute. */
  async disputedCharge(disputeId: string): Promise<string | null> {
    const dispute = await this.orNull(() => this.stripe.disputes.retrieve(disputeId));
    return dispute && idOf(dispute.charge);
  }

  async paidBy(paymentIntentId: string): Promise<PaidBy> {
    const [sessions, invoicePayments] = await Promise.all([
      this.call(() => this.stripe.checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1 })),
      this.call(() =>
        this.stripe.invoicePayments.list({
          payment: { type: 'payment_intent', payment_intent: paymentIntentId },
          limit: 1,
        }),
      ),
    ]);
    return {
      checkoutSessionId: sessions.data[0]?.id ?? null,
      invoiceId: idOf(invoicePayments.data[0]?.invoice),
    };
  }

  /** The payment intent that paid a pack's checkout session or a plan's invoice; null if none. */
  private async paymentIntentOf(payment: Pick<PaymentEntity, 'id' | 'kind'>): Promise<string | null> {
    if (payment.kind === 'pack') {
      return idOf((await this.call(() => this.stripe.checkout.sessions.retrieve(payment.id))).payment_intent);
    }
    const paid = await this.call(() => this.stripe.invoicePayments.list({ invoice: payment.id, limit: 1 }));
    return idOf(paid.data[0]?.payment.payment_intent);
  }

  async cancelSubscription(id: string): Promise<void> {
    await this.call(() => this.stripe.subscriptions.cancel(id));
  }

  async createPortal(customerId: string, returnUrl: string): Promise<string> {
    const portal = await this.call(() =>
      this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
    );
    return portal.url;
  }

  private async orNull<T>(request: () => Promise<T>): Promise<T | null> {
    try {
      return await this.call(request);
    } catch (error) {
      if (error instanceof BillingException && error.code === BillingErrorCode.SessionNotFound) return null;
      throw error;
    }
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof BillingException) throw error;
      const stripeError = error as { statusCode?: number; message?: string };
      if (stripeError.statusCode === 404) {
        throw new BillingException(BillingErrorCode.SessionNotFound, 'Not found at Stripe');
      }
      throw new BillingException(
        BillingErrorCode.ProviderFailed,
        `The payment provider did not answer: ${stripeError.message ?? String(error)}`,
      );
    }
  }
}
