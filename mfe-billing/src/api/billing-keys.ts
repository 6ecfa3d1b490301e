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
  /** The account page's reads, per user. */
  account: (userId: string) => [...billingKeys.all, 'account', userId] as const,
  profile: (userId: string) => [...billingKeys.account(userId), 'profile'] as const,
  payments: (userId: string, limit: number, offset: number) =>
    [...billingKeys.account(userId), 'payments', limit, offset] as const,
  receipt: (userId: string, paymentId: string) => [...billingKeys.account(userId), 'receipt', paymentId] as const,
  dataExport: (userId: string) => [...billingKeys.account(userId), 'export'] as const,
  apiKeys: (userId: string) => [...billingKeys.account(userId), 'api-keys'] as const,
};
