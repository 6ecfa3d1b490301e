import { toCents, type BillingCycle, type SubscriptionPlan } from '@veo3/contracts/catalogue';
import type { PaymentNoGrantReason } from './payment.entity';
import type { InvoiceSnapshot } from './stripe.gateway';

/** The invoices that pay for a period of the plan: its first one, and each renewal. */
const PERIOD_REASONS: ReadonlySet<string> = new Set(['subscription_create', 'subscription_cycle']);

/**
 * Why a paid subscription invoice grants no credits, or null when it pays a whole period at the
 * plan's price, or at that price less a discount (a promotion code: `subtotal` is the plan's price,
 * something was paid). A proration after a plan change (`subscription_update`), a $0 invoice (a
 * trial, a 100 % coupon) or any other amount would otherwise be worth a whole plan of credits.
 */
export function noGrantReason(
  invoice: Pick<InvoiceSnapshot, 'billingReason' | 'amountPaidCents' | 'currency' | 'subtotalCents' | 'discounted'>,
  plan: SubscriptionPlan,
  cycle: BillingCycle,
): PaymentNoGrantReason | null {
  if (!invoice.billingReason || !PERIOD_REASONS.has(invoice.billingReason)) {
    return `billing_reason:${invoice.billingReason ?? 'none'}`;
  }
  if (invoice.amountPaidCents === 0) return 'zero_amount';
  const price = toCents(plan.price[cycle]);
  if (invoice.currency !== 'usd') return 'amount_mismatch';
  if (invoice.amountPaidCents === price) return null;
  const discountedPeriod = invoice.discounted && invoice.subtotalCents === price && invoice.amountPaidCents < price;
  return discountedPeriod ? null : 'amount_mismatch';
}
