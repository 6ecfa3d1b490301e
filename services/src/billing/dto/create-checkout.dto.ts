import { z } from 'zod';

/**
 * Body of POST /api/stripe/create-payment-intent (SPEC §7). Prices come from the server's
 * catalogue: a client `amount` or `currency` is accepted and ignored.
 */
export const CreateCheckoutSchema = z.object({
  type: z.enum(['subscription', 'credits'], { error: "type must be 'subscription' or 'credits'" }),
  plan_id: z.string().max(20).optional(),
  package_id: z.string().max(20).optional(),
  billing_cycle: z
    .enum(['monthly', 'yearly'], { error: "billing_cycle must be 'monthly' or 'yearly'" })
    .default('monthly'),
  success_url: z.string().max(1000).optional(),
  cancel_url: z.string().max(1000).optional(),
});
export type CreateCheckoutDto = z.infer<typeof CreateCheckoutSchema>;

export const CancelSubscriptionSchema = z.object({ immediately: z.boolean().default(true) });
export type CancelSubscriptionDto = z.infer<typeof CancelSubscriptionSchema>;
