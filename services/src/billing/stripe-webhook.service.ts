import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '../database/transaction';
import { BillingEventEntity } from './billing-event.entity';
import { BillingErrorCode, BillingException } from './billing.exception';
import { BillingService } from './billing.service';
import { STRIPE_GATEWAY } from './billing.tokens';
import { CheckoutSessionEntity } from './checkout-session.entity';
import { FulfillmentService } from './fulfillment.service';
import type { StripeGateway } from './stripe.gateway';

const HANDLED = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'invoice.paid',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

/**
 * POST /api/stripe/webhook. The event only says which object changed: each handler re-reads that
 * object from Stripe and hands it to the idempotent fulfillment, so duplicate, late or reordered
 * deliveries end in the same state, and a payload's own fields are never trusted.
 */
@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger(StripeWebhookService.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(STRIPE_GATEWAY) private readonly stripe: StripeGateway | null,
    private readonly billing: BillingService,
    private readonly fulfillment: FulfillmentService,
  ) {}

  async handle(
    rawBody: Buffer | undefined,
    signature: string | undefined,
  ): Promise<{ received: true; duplicate?: true }> {
    if (!this.stripe) throw new BillingException(BillingErrorCode.Unavailable, 'Stripe is not configured');
    const event = this.stripe.parseEvent(rawBody ?? Buffer.alloc(0), signature);
    const events = this.dataSource.getRepository(BillingEventEntity);
    if (await events.existsBy({ id: event.id })) return { received: true, duplicate: true };

    if (HANDLED.has(event.type)) await this.apply(this.stripe, event.type, (event.data.object as { id: string }).id);

    // Recorded only once handled: a delivery that failed half-way is retried by Stripe and redone.
    try {
      await events.insert({ id: event.id, type: event.type });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    return { received: true };
  }

  private async apply(stripe: StripeGateway, type: string, objectId: string): Promise<void> {
    if (type.startsWith('checkout.session.')) {
      const remote = await stripe.retrieveCheckout(objectId);
      if (!remote.paid || remote.status !== 'complete') return;
      const session = await this.dataSource.getRepository(CheckoutSessionEntity).findOneBy({ id: objectId });
      if (!session) {
        this.logger.warn(`checkout ${objectId} was not opened by this site; ignored`);
        return;
      }
      await this.billing.fulfillStripeCheckout(session, remote.invoiceId, remote.subscriptionId);
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
}
