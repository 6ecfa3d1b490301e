import type { PublicCheckoutSession as CheckoutSession } from '@veo3/contracts/billing';

/** A test-mode checkout session for the Starter pack, as GET /api/stripe/checkout-session/:id returns it. */
export function checkoutSession(overrides: Partial<CheckoutSession> = {}): CheckoutSession {
  return {
    id: 'sim_1',
    status: 'open',
    payment_status: 'unpaid',
    type: 'credits',
    item_id: 'starter',
    item_name: 'Starter',
    amount: 19.9,
    currency: 'usd',
    credits: 330,
    billing_cycle: null,
    credits_granted: 0,
    balance: 0,
    simulated: true,
    success_url: 'http://localhost/payment/success?session_id=sim_1',
    cancel_url: 'http://localhost/payment/cancel',
    ...overrides,
  };
}

/** The Starter session once paid and fulfilled. */
export const paidSession = (overrides: Partial<CheckoutSession> = {}) =>
  checkoutSession({ status: 'complete', payment_status: 'paid', credits_granted: 330, balance: 330, ...overrides });
