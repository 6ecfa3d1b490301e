import { toCents, type BillingCycle, type SubscriptionPlan } from '@veo3/contracts/catalogue';
import type { PaymentNoGrantReason } from './payment.entity';
import type { InvoiceSnapshot } from './stripe.gateway';

/** The invoices that pay for a period of the plan: its first one, and each renewal. */
const PERIOD_REASONS: ReadonlySet<string> = new Set(['subscription_create', 'subscription_cycle']);

/**
 * Why a paid subscription invoice grants no credits, or null when it pays a whole period at the
 * plan's price. A proration after a plan change (`subscription_update`), a $0 invoice (a trial, a
 * 100 % coupon) or any other amount would otherwise be worth a whole plan of credits.
 */
export function noGrantReason(
  invoice: Pick<InvoiceSnapshot, 'billingReason' | 'amountPaidCents' | 'currency'>,
  plan: SubscriptionPlan,
  cycle: BillingCycle,
): PaymentNoGrantReason | null {
  if (!invoice.billingReason || !PERIOD_REASONS.has(invoice.billingReason)) {
    return `billing_reason:${invoice.billingReason ?? 'none'}`;
  }
  if (invoice.amountPaidCents === 0) return 'zero_amount';
  if (invoice.currency !== 'usd' || invoice.amountPaidCents !== toCents(plan.price[cycle])) return 'amount_mismatch';
  return null;
}
