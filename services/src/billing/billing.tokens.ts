/** The StripeGateway, or null when Stripe is not configured (simulated checkout). */
export const STRIPE_GATEWAY = Symbol('STRIPE_GATEWAY');
