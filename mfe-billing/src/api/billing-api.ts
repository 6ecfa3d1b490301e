import type {
  BillingCycleValue,
  CancelSubscriptionReply,
  CheckoutSessionReply,
  CreateCheckoutReply,
  PortalReply,
  PublicCheckoutSession,
  SimulatedCompleteReply,
  SubscriptionStatus,
  SubscriptionStatusReply,
} from '@veo3/contracts/billing';
import type { CreditPack, SubscriptionPlan } from '@veo3/contracts/catalogue';
import type { ErrorReply } from '@veo3/contracts/envelope';
import { apiRequest, ApiError } from '@veo3/platform/api/api-client';

/** A reply that arrived (HTTP 2xx) but said `success: false` or lacked what we need. */
export class BillingReplyError extends Error {
  constructor(readonly replyMessage?: string) {
    super(replyMessage ?? 'Unexpected reply from the payment service');
    this.name = 'BillingReplyError';
  }
}

/** The message the server gave for a failure, if it gave one (network failures and bare HTTP errors have none). */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof BillingReplyError) return error.replyMessage || undefined;
  if (error instanceof ApiError && error.body && typeof error.body === 'object') {
    const message = (error.body as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return undefined;
}

/** True for a 404 from the API (unknown checkout session, no subscription, no billing portal). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** What the buyer chose: a plan (SPEC §2: the screen offers monthly billing only) or a credit pack. */
export type CheckoutItem =
  | { type: 'subscription'; planId: SubscriptionPlan['id']; amount: number }
  | { type: 'credits'; packId: CreditPack['id']; amount: number };

export interface CheckoutRedirect {
  url: string;
  sessionId: string | null;
}

/**
 * Where the checkout returns to. `{CHECKOUT_SESSION_ID}` is a literal placeholder the payment
 * provider fills in.
 */
export function checkoutReturnUrls(origin = window.location.origin): { success_url: string; cancel_url: string } {
  return {
    success_url: `${origin}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${origin}/payment/cancel`,
  };
}

/** POST /api/stripe/create-payment-intent: creates a checkout session and answers with the address to pay at. */
export async function createCheckoutSession(item: CheckoutItem): Promise<CheckoutRedirect> {
  const body =
    item.type === 'subscription'
      ? { type: item.type, plan_id: item.planId, billing_cycle: 'monthly' as const satisfies BillingCycleValue }
      : { type: item.type, package_id: item.packId };
  // The server prices the item from its own catalogue; amount and currency are sent as SPEC §7 lists them.
  const request = { ...body, amount: item.amount, currency: 'usd', ...checkoutReturnUrls() };
  const reply = (await apiRequest('POST /api/stripe/create-payment-intent', {
    body: request,
    identity: 'bearer',
  })) as CreateCheckoutReply | ErrorReply;
  if (!reply.success) throw new BillingReplyError(reply.message);
  if (!reply.url) throw new BillingReplyError();
  return { url: reply.url, sessionId: reply.session_id ?? null };
}

/** GET /api/stripe/checkout-session/:id. The server fulfils a paid session here if its webhook has not yet. */
export async function fetchCheckoutSession(sessionId: string, signal?: AbortSignal): Promise<PublicCheckoutSession> {
  const reply = (await apiRequest('GET /api/stripe/checkout-session/:id', {
    params: { id: sessionId },
    identity: 'bearer',
    signal,
  })) as CheckoutSessionReply | ErrorReply;
  if (!reply.success) throw new BillingReplyError(reply.message);
  if (!reply.data) throw new BillingReplyError();
  return reply.data;
}

/** POST /api/stripe/simulated/:id/complete: pays a test-mode checkout session (owner only). */
export async function completeSimulatedCheckout(sessionId: string): Promise<SimulatedCompleteReply['data']> {
  const reply = (await apiRequest('POST /api/stripe/simulated/:sessionId/complete', {
    params: { sessionId },
    identity: 'bearer',
  })) as SimulatedCompleteReply | ErrorReply;
  if (!reply.success) throw new BillingReplyError(reply.message);
  if (!reply.data?.redirect_url) throw new BillingReplyError();
  return reply.data;
}

/** The active subscription, as GET /api/stripe/subscription/status gives it. */
export type Subscription = NonNullable<SubscriptionStatus['subscription']>;

/** GET /api/stripe/subscription/status. SPEC §7: the status is read from `data`, or from the body itself. */
export async function fetchSubscriptionStatus(signal?: AbortSignal): Promise<SubscriptionStatus> {
  // Older servers put the status beside `success` instead of in `data`.
  const reply = (await apiRequest('GET /api/stripe/subscription/status', { identity: 'bearer', signal })) as
    (Partial<SubscriptionStatusReply> & Partial<SubscriptionStatus>) | ErrorReply;
  if (reply.success === false) throw new BillingReplyError(reply.message);
  const status: Partial<SubscriptionStatus> = reply.data ?? reply;
  const subscription = status.subscription ?? null;
  return {
    hasActiveSubscription: Boolean(status.hasActiveSubscription && subscription),
    subscription,
    portalAvailable: Boolean(status.portalAvailable),
  };
}

/** POST /api/stripe/subscription/cancel. Cancelling takes effect immediately (SPEC §4). */
export async function cancelSubscription(): Promise<{ message: string | null }> {
  const reply = (await apiRequest('POST /api/stripe/subscription/cancel', {
    body: { immediately: true },
    identity: 'bearer',
  })) as (CancelSubscriptionReply & { message?: string }) | ErrorReply;
  if (!reply.success) throw new BillingReplyError(reply.message);
  return { message: reply.data?.message ?? reply.message ?? null };
}

/** POST /api/stripe/portal: the payment provider's billing portal for the signed-in customer. */
export async function createPortalSession(): Promise<{ url: string }> {
  const reply = (await apiRequest('POST /api/stripe/portal', { identity: 'bearer' })) as PortalReply | ErrorReply;
  if (!reply.success) throw new BillingReplyError(reply.message);
  if (!reply.url) throw new BillingReplyError();
  return { url: reply.url };
}

/** POST /api/stripe/simulated/:id/promotion-code: applies a code to the buyer's open test-mode checkout. */
export async function applyPromotionCode(sessionId: string, code: string): Promise<PublicCheckoutSession> {
  const reply = await apiRequest('POST /api/stripe/simulated/:sessionId/promotion-code', {
    params: { sessionId },
    body: { code },
    identity: 'bearer',
  });
  return reply.data;
}

/** DELETE /api/stripe/simulated/:id/promotion-code: the checkout at its full price again. */
export async function removePromotionCode(sessionId: string): Promise<PublicCheckoutSession> {
  const reply = await apiRequest('DELETE /api/stripe/simulated/:sessionId/promotion-code', {
    params: { sessionId },
    identity: 'bearer',
  });
  return reply.data;
}
