/** Query keys of the account page's webhooks, per user; each change invalidates `webhookKeys.all(userId)`. */
export const webhookKeys = {
  all: (userId: string) => ['billing', 'account', userId, 'webhooks'] as const,
  endpoints: (userId: string) => [...webhookKeys.all(userId), 'endpoints'] as const,
  deliveries: (userId: string, endpointId: string, page: number) =>
    [...webhookKeys.all(userId), 'deliveries', endpointId, page] as const,
};
