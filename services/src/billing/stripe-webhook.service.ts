import { Inject, Injectable, Logger } from '@nestjs/common';
import { isUniqueViolation } from '../database/transaction';
import { MetricsService, type WebhookOutcome } from '../metrics/metrics.service';
import { BillingErrorCode, BillingException } from './billing.exception';
import { BillingRepository } from './billing.repository';
import { BillingService } from './billing.service';
import { STRIPE_GATEWAY } from './billing.tokens';
import { FulfillmentService } from './fulfillment.service';
import { PaymentRefundService, refundedCentsOf, type ReversalAudit } from './payment-refund.service';
import type { PaymentEntity } from './payment.entity';
import type { ChargeSnapshot, StripeGateway } from './stripe.gateway';

const HANDLED = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'invoice.paid',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
  'charge.dispute.created',
]);
/** A take-back from a webhook is Stripe's in the audit trail (a refund or dispute made in its dashboard), its request the event. */
const stripeAudit = (reason: string, eventId: string): ReversalAudit => ({
  actorType: 'stripe',
  actorId: null,
  actorEmail: null,
  reason,
  requestId: eventId,
});
/** The events that grant credits: their delay from creation is the fulfillment delay. */
const FULFILLING = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'invoice.paid']);

/**
 * POST /api/stripe/webhook. The event only says which object changed: each handler re-reads that
 * object from Stripe and hands it to the idempotent fulfillment, so duplicate, late or reordered
 * deliveries end in the same state, and a payload's own fields are never trusted.
 */
@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger(StripeWebhookService.name);

  constructor(
    private readonly rows: BillingRepository,
    @Inject(STRIPE_GATEWAY) private readonly stripe: StripeGateway | null,
    private readonly billing: BillingService,
    private readonly fulfillment: FulfillmentService,
    private readonly refunds: PaymentRefundService,
    private readonly metrics: MetricsService,
  ) {}

  async handle(
    rawBody: Buffer | undefined,
    signature: string | undefined,
  ): Promise<{ received: true; duplicate?: true }> {
    if (!this.stripe) throw new BillingException(BillingErrorCode.Unavailable, 'Stripe is not configured');
    const event = this.stripe.parseEvent(rawBody ?? Buffer.alloc(0), signature);
    const outcome = await this.record(this.stripe, event).catch((error: unknown) => {
      this.metrics.webhookEvent(event.type, 'failed');
      throw error;
    });
    this.metrics.webhookEvent(event.type, outcome);
    if (outcome === 'processed' && FULFILLING.has(event.type)) this.metrics.fulfilled(event.created);
    return outcome === 'duplicate' ? { received: true, duplicate: true } : { received: true };
  }

  private async record(
    stripe: StripeGateway,
    event: { id: string; type: string; data: { object: unknown } },
  ): Promise<WebhookOutcome> {
    if (await this.rows.eventHandled(event.id)) return 'duplicate';

    if (HANDLED.has(event.type)) {
      await this.apply(stripe, event.id, event.type, (event.data.object as { id: string }).id);
    }

    // Recorded only once handled: a delivery that failed half-way is retried by Stripe and redone.
    try {
      await this.rows.recordEvent(event.id, event.type);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    return HANDLED.has(event.type) ? 'processed' : 'ignored';
  }

  private async apply(stripe: StripeGateway, eventId: string, type: string, objectId: string): Promise<void> {
    if (type.startsWith('charge.')) {
      await this.reverse(stripe, eventId, type, objectId);
      return;
    }
    if (type.startsWith('checkout.session.')) {
      const remote = await stripe.retrieveCheckout(objectId);
      if (!remote.paid || remote.status !== 'complete') return;
      const session = await this.rows.findCheckoutSession(objectId);
      if (!session) {
        this.logger.warn(`checkout ${objectId} was not opened by this site; ignored`);
        return;
      }
      await this.billing.fulfillStripeCheckout(session, remote);
      return;
    }
    if (type === 'invoice.paid') {
      const invoice = await stripe.retrieveInvoice(objectId);
      if (!invoice.paid || !invoice.subscriptionId) return;
      await this.fulfillment.fulfillInvoice(invoice, await stripe.retrieveSubscription(invoice.subscriptionId));
      return;
    }
    await this.fulfillment.syncSubscription(await stripe.retrieveSubscription(objectId));
  }

  /** A refund or dispute of a charge takes back the credits of the payment it paid (a dispute: all of it). */
  private async reverse(stripe: StripeGateway, eventId: string, type: string, objectId: string): Promise<void> {
    const chargeId = type === 'charge.refunded' ? objectId : await stripe.disputedCharge(objectId);
    const charge = chargeId ? await stripe.retrieveCharge(chargeId) : null;
    const payment = charge && (await this.paymentOf(stripe, charge));
    if (!charge || !payment) {
      this.logger.warn(`${type} ${objectId}: no payment of this site; ignored`);
      return;
    }
    if (type === 'charge.dispute.created') {
      await this.refunds.takeBack(payment.id, { reason: 'dispute' }, stripeAudit('Stripe: dispute', eventId));
    } else if (charge.refundedCents > 0) {
      const refundedCents = refundedCentsOf(payment, charge);
      await this.refunds.takeBack(
        payment.id,
        { reason: 'refund', refundedCents },
        stripeAudit('Stripe: charge.refunded', eventId),
      );
    }
  }

  /** Payments are keyed by the pack's checkout session or the plan's invoice that the charge paid. */
  private async paymentOf(stripe: StripeGateway, charge: ChargeSnapshot): Promise<PaymentEntity | null> {
    if (!charge.paymentIntentId) return null;
    const { checkoutSessionId, invoiceId } = await stripe.paidBy(charge.paymentIntentId);
    const ids = [checkoutSessionId, invoiceId].filter((id): id is string => id !== null);
    return ids.length ? this.rows.findPaymentAmong(ids) : null;
  }
}
