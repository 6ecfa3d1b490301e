/** Payments: checkout sessions, the subscription, the customer portal, the simulated checkout, Stripe's webhook. */
import { z } from 'zod';
import { ok, okWith } from './envelope';

export const BillingCycle = z.enum(['monthly', 'yearly']);
export type BillingCycleValue = z.infer<typeof BillingCycle>;
export const CheckoutType = z.enum(['subscription', 'credits']);
export type CheckoutType = z.infer<typeof CheckoutType>;
export const CheckoutStatus = z.enum(['open', 'complete', 'expired']);
export type CheckoutStatus = z.infer<typeof CheckoutStatus>;

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
export type CreateCheckoutBody = z.infer<typeof CreateCheckoutSchema>;

export const CancelSubscriptionSchema = z.object({ immediately: z.boolean().default(true) });
export type CancelSubscriptionBody = z.infer<typeof CancelSubscriptionSchema>;

/** POST /api/stripe/create-payment-intent: where to send the buyer (hosted checkout, or the simulated one). */
export const CreateCheckoutReply = okWith({ url: z.string(), session_id: z.string() });
export type CreateCheckoutReply = z.infer<typeof CreateCheckoutReply>;

export const CheckoutSessionParamsSchema = z.object({ id: z.string() });

/** GET /api/stripe/checkout-session/:id (billing.service.ts toPublic). */
export const PublicCheckoutSession = z.object({
  id: z.string(),
  status: CheckoutStatus,
  payment_status: z.enum(['paid', 'unpaid']),
  type: CheckoutType,
  item_id: z.string(),
  item_name: z.string(),
  amount: z.number(),
  currency: z.string(),
  credits: z.number().int(),
  billing_cycle: z.string().nullable(),
  credits_granted: z.number().int(),
  balance: z.number().int(),
  simulated: z.boolean(),
  success_url: z.string(),
  cancel_url: z.string(),
  /** The promotion code applied to a simulated checkout (upper-case); null or absent when none. */
  promotion_code: z.string().nullable().optional(),
  /** What the code takes off `amount` (the list price). */
  discount: z.number().optional(),
  /** What Pay charges: `amount` less `discount`. */
  amount_due: z.number().optional(),
});
export type PublicCheckoutSession = z.infer<typeof PublicCheckoutSession>;
export const CheckoutSessionReply = ok(PublicCheckoutSession);
export type CheckoutSessionReply = z.infer<typeof CheckoutSessionReply>;

/** GET /api/stripe/subscription/status. */
export const SubscriptionStatus = z.object({
  hasActiveSubscription: z.boolean(),
  subscription: z
    .object({
      id: z.string(),
      planId: z.string(),
      billingCycle: z.string(),
      /** ISO time, or null when the provider has not said. */
      currentPeriodEnd: z.iso.datetime().nullable(),
      status: z.string(),
      /** ISO time the plan ends instead of renewing (set to cancel in Stripe's portal); null or absent while it renews. */
      cancelAt: z.iso.datetime().nullable().optional(),
    })
    .nullable(),
  /** Stripe's customer portal exists (not with the simulated checkout). */
  portalAvailable: z.boolean(),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;
export const SubscriptionStatusReply = ok(SubscriptionStatus);
export type SubscriptionStatusReply = z.infer<typeof SubscriptionStatusReply>;

/** POST /api/stripe/subscription/cancel. */
export const CancelSubscriptionReply = ok(z.object({ message: z.string() }));
export type CancelSubscriptionReply = z.infer<typeof CancelSubscriptionReply>;

/** POST /api/stripe/portal. */
export const PortalReply = okWith({ url: z.string() });
export type PortalReply = z.infer<typeof PortalReply>;

export const SimulatedCompleteParamsSchema = z.object({ sessionId: z.string() });
export const SimulatedRenewParamsSchema = z.object({ id: z.string() });

/** POST /api/stripe/simulated/:sessionId/complete. */
export const SimulatedCompleteReply = ok(
  z.object({ redirect_url: z.string(), credits_granted: z.number().int(), balance: z.number().int() }),
);
export type SimulatedCompleteReply = z.infer<typeof SimulatedCompleteReply>;

/** POST /api/stripe/simulated/subscriptions/:id/renew. */
export const SimulatedRenewReply = ok(z.object({ credits_granted: z.number().int(), balance: z.number().int() }));
export type SimulatedRenewReply = z.infer<typeof SimulatedRenewReply>;

/** POST /api/stripe/webhook (Stripe's own call; its body is Stripe's event, checked by signature on the raw bytes). */
export const StripeWebhookReply = z.object({ received: z.literal(true), duplicate: z.literal(true).optional() });
export type StripeWebhookReply = z.infer<typeof StripeWebhookReply>;

/** GET /api/account/payments: a page of the caller's payments, newest first. */
export const AccountPaymentsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AccountPaymentsQuery = z.infer<typeof AccountPaymentsQuerySchema>;

/** One of the caller's payments (billing/account.service.ts toAccountPayment). */
export const AccountPayment = z.object({
  /** The checkout session (packs) or invoice (plans) id. */
  id: z.string(),
  created_at: z.iso.datetime(),
  kind: z.enum(['pack', 'plan', 'renewal']),
  /** The catalogue's pack or plan id. */
  item_id: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  credits: z.number().int(),
  status: z.enum(['paid', 'partially_refunded', 'refunded', 'disputed']),
  refunded_cents: z.number().int(),
  /** Made with the simulated checkout: its receipt is the site's own page. */
  simulated: z.boolean(),
  /** Stripe's hosted receipt (packs) or invoice page (plans), when known; null for simulated payments. */
  receipt_url: z.string().nullable(),
});
export type AccountPayment = z.infer<typeof AccountPayment>;
export const AccountPaymentsReply = ok(z.object({ items: z.array(AccountPayment), total: z.number().int() }));
export type AccountPaymentsReply = z.infer<typeof AccountPaymentsReply>;

export const PaymentReceiptParamsSchema = z.object({ id: z.string() });

/** GET /api/account/payments/:id/receipt: one payment of the caller's, as its receipt shows it. */
export const PaymentReceipt = AccountPayment.extend({
  seller: z.string(),
  /** Where the buyer writes about the payment (SUPPORT_EMAIL). */
  seller_email: z.string(),
  buyer_email: z.string(),
});
export type PaymentReceipt = z.infer<typeof PaymentReceipt>;
export const PaymentReceiptReply = ok(PaymentReceipt);
export type PaymentReceiptReply = z.infer<typeof PaymentReceiptReply>;

/** GET /api/account/profile: what the account page shows beyond the signed-in user. */
export const AccountProfile = z.object({ member_since: z.iso.datetime() });
export type AccountProfile = z.infer<typeof AccountProfile>;
export const AccountProfileReply = ok(AccountProfile);
export type AccountProfileReply = z.infer<typeof AccountProfileReply>;
