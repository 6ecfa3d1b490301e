import { findPlan } from '@veo3/contracts/catalogue';
import { noGrantReason } from './invoice-grant';

const lite = findPlan('lite')!;
const invoice = {
  billingReason: 'subscription_create',
  amountPaidCents: 2990,
  subtotalCents: 2990,
  discounted: false,
  currency: 'usd',
};

describe('noGrantReason', () => {
  it("grants a period at the plan's price, first or renewal", () => {
    expect(noGrantReason(invoice, lite, 'monthly')).toBeNull();
    expect(noGrantReason({ ...invoice, billingReason: 'subscription_cycle' }, lite, 'monthly')).toBeNull();
  });

  it("grants a period at the plan's price less a promotion code's discount", () => {
    expect(noGrantReason({ ...invoice, amountPaidCents: 1990, discounted: true }, lite, 'monthly')).toBeNull();
  });

  it('withholds $0, a proration, and any other amount (an undiscounted one, or a subtotal not the price)', () => {
    expect(noGrantReason({ ...invoice, amountPaidCents: 0, discounted: true }, lite, 'monthly')).toBe('zero_amount');
    expect(noGrantReason({ ...invoice, billingReason: 'subscription_update' }, lite, 'monthly')).toBe(
      'billing_reason:subscription_update',
    );
    expect(noGrantReason({ ...invoice, amountPaidCents: 1990, subtotalCents: 1990 }, lite, 'monthly')).toBe(
      'amount_mismatch',
    );
    expect(noGrantReason({ ...invoice, amountPaidCents: 1990 }, lite, 'monthly')).toBe('amount_mismatch');
    expect(
      noGrantReason({ ...invoice, amountPaidCents: 1990, subtotalCents: 5980, discounted: true }, lite, 'monthly'),
    ).toBe('amount_mismatch');
    expect(noGrantReason({ ...invoice, currency: 'eur' }, lite, 'monthly')).toBe('amount_mismatch');
  });
});
