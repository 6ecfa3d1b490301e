import { Inject, Injectable } from '@nestjs/common';
import type { AccountPayment, AccountPaymentsQuery, AccountProfile, PaymentReceipt } from '@veo3/contracts/billing';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import type { SessionUser } from '../users/session-user';
import { UserRepository } from '../users/user.repository';
import { BillingErrorCode, BillingException } from './billing.exception';
import { STRIPE_GATEWAY } from './billing.tokens';
import type { PaymentEntity } from './payment.entity';
import { PaymentRepository } from './payment.repository';
import type { StripeGateway } from './stripe.gateway';

/** The seller a receipt names: the site. */
const SELLER = 'Veo 3 Studio';

/** The account page's reads: the member's profile facts, their payments and one payment's receipt. */
@Injectable()
export class AccountService {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly users: UserRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(STRIPE_GATEWAY) private readonly stripe: StripeGateway | null,
  ) {}

  async profile(user: SessionUser): Promise<AccountProfile> {
    const row = await this.users.findById(user.id);
    // The session outlived its user (deleted since it signed in).
    if (!row) throw new BillingException(BillingErrorCode.AccountNotFound, 'This account no longer exists.');
    return { member_since: row.createdAt.toISOString() };
  }

  /** The caller's payments, newest first. */
  async paymentsOf(user: SessionUser, query: AccountPaymentsQuery) {
    const [rows, total] = await this.payments.page({ userId: user.id }, { skip: query.offset, take: query.limit });
    return { items: await this.describe(rows), total };
  }

  /**
   * One of the caller's payments (404 for anyone else's). A Stripe payment fulfilled before its
   * receipt was stored, or whose receipt Stripe had not made yet, has it looked up now and kept.
   */
  async receipt(user: SessionUser, id: string): Promise<PaymentReceipt> {
    const row = await this.payments.findOwn(user.id, id);
    if (!row) throw new BillingException(BillingErrorCode.PaymentNotFound, 'This payment was not found.');
    const [payment] = await this.describe([row]);
    if (payment && !payment.simulated && !payment.receipt_url && this.stripe) {
      payment.receipt_url = await this.stripe.receiptUrlOf(row).catch(() => null);
      if (payment.receipt_url) await this.payments.setReceiptUrl(row.id, payment.receipt_url);
    }
    return { ...payment!, seller: SELLER, seller_email: this.config.supportEmail, buyer_email: user.email };
  }

  private async describe(rows: PaymentEntity[]): Promise<AccountPayment[]> {
    if (!rows.length) return [];
    const ids = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))];
    const simulated = await this.payments.simulatedAmong({
      sessionIds: ids(rows.map((r) => r.checkoutSessionId)),
      subscriptionIds: ids(rows.map((r) => r.subscriptionId)),
    });
    return rows.map((p) => ({
      id: p.id,
      created_at: p.createdAt.toISOString(),
      kind: p.kind,
      item_id: p.itemId,
      amount_cents: p.amountCents,
      currency: p.currency,
      credits: p.credits,
      status: p.status,
      refunded_cents: p.refundedCents,
      simulated: simulated.has(p.checkoutSessionId ?? '') || simulated.has(p.subscriptionId ?? ''),
      receipt_url: p.receiptUrl,
    }));
  }
}
