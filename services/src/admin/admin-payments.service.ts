import { Inject, Injectable } from '@nestjs/common';
import type { AdminPayment, AdminPaymentRefundBody, AdminPaymentsQuery } from '@veo3/contracts/admin';
import { BillingException } from '../billing/billing.exception';
import { STRIPE_GATEWAY } from '../billing/billing.tokens';
import { PaymentRefundService, refundedCentsOf } from '../billing/payment-refund.service';
import type { PaymentEntity } from '../billing/payment.entity';
import { PaymentRepository } from '../billing/payment.repository';
import type { StripeGateway } from '../billing/stripe.gateway';
import { CreditsService } from '../credits/credits.service';
import { UserRepository } from '../users/user.repository';
import { auditedBy, type AdminActor } from './admin-actor';
import { AdminErrorCode, AdminException } from './admin.exception';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Payments in the console, and refunds made there: through Stripe's refunds API (or, for the
 * simulated checkout, without it), then the same take-back as Stripe's `charge.refunded` webhook,
 * so the credits go back once whichever of the two comes first.
 */
@Injectable()
export class AdminPaymentsService {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly users: UserRepository,
    private readonly refunds: PaymentRefundService,
    private readonly credits: CreditsService,
    @Inject(STRIPE_GATEWAY) private readonly stripe: StripeGateway | null,
  ) {}

  /** Newest first, with the buyer's e-mail. */
  async list(query: AdminPaymentsQuery) {
    const [rows, total] = await this.payments.page(
      { userId: query.user_id, status: query.status },
      { skip: (query.page - 1) * query.page_size, take: query.page_size },
    );
    return { items: await this.describe(rows), page: query.page, page_size: query.page_size, total };
  }

  /** Payments as the console shows them (also used for a user's page). */
  async describe(rows: PaymentEntity[]): Promise<AdminPayment[]> {
    if (!rows.length) return [];
    const ids = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))];
    const [email, simulated] = await Promise.all([
      this.users.emailsOf(rows.map((r) => r.userId)),
      this.payments.simulatedAmong({
        sessionIds: ids(rows.map((r) => r.checkoutSessionId)),
        subscriptionIds: ids(rows.map((r) => r.subscriptionId)),
      }),
    ]);
    return rows.map((p) => ({
      id: p.id,
      user_id: p.userId,
      user_email: email.get(p.userId) ?? '',
      kind: p.kind,
      item_id: p.itemId,
      amount_cents: p.amountCents,
      currency: p.currency,
      credits: p.credits,
      status: p.status,
      refunded_cents: p.refundedCents,
      credits_reclaimed: p.creditsReclaimed,
      checkout_session_id: p.checkoutSessionId,
      subscription_id: p.subscriptionId,
      simulated: simulated.has(p.checkoutSessionId ?? '') || simulated.has(p.subscriptionId ?? ''),
      created_at: p.createdAt.toISOString(),
      refunded_at: iso(p.refundedAt),
      disputed_at: iso(p.disputedAt),
    }));
  }

  /**
   * Refunds what is left of a payment and takes back its credits as far as unspent (the refund
   * policy's rule). Stripe refusing changes nothing here: the take-back runs only after Stripe refunded.
   */
  async refund(id: string, body: AdminPaymentRefundBody, actor: AdminActor) {
    const payment = await this.payments.findById(id);
    if (!payment) throw new AdminException(AdminErrorCode.PaymentNotFound, `No payment ${id}`);
    if (payment.refundedCents >= payment.amountCents) {
      throw new AdminException(AdminErrorCode.PaymentRefunded, 'This payment has already been refunded in full.');
    }
    const [described] = await this.describe([payment]);
    const refundedCents = described?.simulated ? payment.amountCents : await this.refundAtStripe(payment);
    const result = await this.refunds.takeBack(
      payment.id,
      { reason: 'refund', refundedCents },
      auditedBy(actor, body.reason),
    );
    const [after] = await this.describe([result.payment]);
    return {
      payment: after!, // one described payment per row given
      credits_reclaimed: result.creditsTaken,
      balance: await this.credits.balanceOf(payment.userId),
    };
  }

  /** The payment's refunded cents once Stripe has refunded the rest of its charge. */
  private async refundAtStripe(payment: PaymentEntity): Promise<number> {
    if (!this.stripe) {
      throw new AdminException(
        AdminErrorCode.RefundFailed,
        'Stripe is not configured: this payment cannot be refunded here.',
      );
    }
    try {
      return refundedCentsOf(payment, await this.stripe.refundPayment(payment));
    } catch (error) {
      if (!(error instanceof BillingException)) throw error;
      throw new AdminException(AdminErrorCode.RefundFailed, `Stripe did not refund the payment: ${error.message}`);
    }
  }
}
