/**
 * Query keys of the billing feature. Cancelling a subscription invalidates `billingKeys.subscriptions()`
 * (and the credits feature's `creditsKeys.all`); a confirmed payment does the same.
 */
export const billingKeys = {
  all: ['billing'] as const,
  subscriptions: () => [...billingKeys.all, 'subscription'] as const,
  subscription: (userId: string) => [...billingKeys.subscriptions(), userId] as const,
  checkoutSessions: () => [...billingKeys.all, 'checkout-session'] as const,
  checkoutSession: (sessionId: string) => [...billingKeys.checkoutSessions(), sessionId] as const,
};
