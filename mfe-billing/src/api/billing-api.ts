import { apiRequest, ApiError } from '@veo3/platform/api/api-client';
import type { PackId, PlanId } from '../pricing/plans';

/** The `{ success, data, message }` envelope of the payment endpoints. */
interface ApiReply<T> {
  success: boolean;
  data?: T;
  message?: string;
  code?: string;
}

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

export type BillingCycle = 'monthly' | 'yearly';

/** What the buyer chose: a plan (SPEC §2: the screen offers monthly billing only) or a credit pack. */
export type CheckoutItem =
  { type: 'subscription'; planId: PlanId; amount: number } | { type: 'credits'; packId: PackId; amount: number };

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
      ? { type: item.type, plan_id: item.planId, billing_cycle: 'monthly' satisfies BillingCycle }
      : { type: item.type, package_id: item.packId };
  const reply = await apiRequest<ApiReply<never> & { url?: string; session_id?: string }>(
    '/api/stripe/create-payment-intent',
    {
      method: 'POST',
      // The server prices the item from its own catalogue; amount and currency are sent as SPEC §7 lists them.
      body: { ...body, amount: item.amount, currency: 'usd', ...checkoutReturnUrls() },
      identity: 'bearer',
    },
  );
  if (!reply.success || !reply.url) throw new BillingReplyError(reply.message);
  return { url: reply.url, sessionId: reply.session_id ?? null };
}

export type CheckoutStatus = 'open' | 'complete' | 'expired';

export interface CheckoutSession {
  id: string;
  status: CheckoutStatus | (string & {});
  payment_status: 'paid' | 'unpaid' | 'no_payment_required' | (string & {});
  type: 'credits' | 'subscription';
  item_id: string;
  item_name: string;
  /** In `currency` units, e.g. 19.9. */
  amount: number;
  currency: string;
  /** What the item grants (per billing period for a plan). */
  credits: number;
  billing_cycle: BillingCycle | null;
  /** Credits this session has granted so far; 0 until the payment is fulfilled. */
  credits_granted: number;
  /** The buyer's balance now. */
  balance: number;
  /** True for the built-in test checkout (no payment provider configured). */
  simulated: boolean;
  success_url: string;
  cancel_url: string;
}

/** GET /api/stripe/checkout-session/:id. The server fulfils a paid session here if its webhook has not yet. */
export async function fetchCheckoutSession(sessionId: string, signal?: AbortSignal): Promise<CheckoutSession> {
  const reply = await apiRequest<ApiReply<CheckoutSession>>(
    `/api/stripe/checkout-session/${encodeURIComponent(sessionId)}`,
    { identity: 'bearer', signal },
  );
  if (!reply.success || !reply.data) throw new BillingReplyError(reply.message);
  return reply.data;
}

export interface SimulatedPayment {
  redirect_url: string;
  credits_granted: number;
  balance: number;
}

/** POST /api/stripe/simulated/:id/complete: pays a test-mode checkout session (owner only). */
export async function completeSimulatedCheckout(sessionId: string): Promise<SimulatedPayment> {
  const reply = await apiRequest<ApiReply<SimulatedPayment>>(
    `/api/stripe/simulated/${encodeURIComponent(sessionId)}/complete`,
    { method: 'POST', identity: 'bearer' },
  );
  if (!reply.success || !reply.data?.redirect_url) throw new BillingReplyError(reply.message);
  return reply.data;
}

export interface Subscription {
  planId: PlanId | (string & {});
  billingCycle: BillingCycle | (string & {});
  /** The next billing date: an ISO date string, or (SPEC §3) a number of seconds since the epoch. */
  currentPeriodEnd: string | number | null;
  status: string;
}

export interface SubscriptionStatus {
  hasActiveSubscription: boolean;
  subscription: Subscription | null;
  /** A billing portal (cards, invoices) is available from the payment provider. */
  portalAvailable: boolean;
}

/** GET /api/stripe/subscription/status. SPEC §7: the status is read from `data`, or from the body itself. */
export async function fetchSubscriptionStatus(signal?: AbortSignal): Promise<SubscriptionStatus> {
  const reply = await apiRequest<ApiReply<Partial<SubscriptionStatus>> & Partial<SubscriptionStatus>>(
    '/api/stripe/subscription/status',
    { identity: 'bearer', signal },
  );
  if (reply.success === false) throw new BillingReplyError(reply.message);
  const status = reply.data ?? reply;
  const subscription = status.subscription ?? null;
  return {
    hasActiveSubscription: Boolean(status.hasActiveSubscription && subscription),
    subscription,
    portalAvailable: Boolean(status.portalAvailable),
  };
}

/** POST /api/stripe/subscription/cancel. Cancelling takes effect immediately (SPEC §4). */
export async function cancelSubscription(): Promise<{ message: string | null }> {
  const reply = await apiRequest<ApiReply<{ message?: string }>>('/api/stripe/subscription/cancel', {
    method: 'POST',
    body: { immediately: true },
    identity: 'bearer',
  });
  if (!reply.success) throw new BillingReplyError(reply.message);
  return { message: reply.data?.message ?? reply.message ?? null };
}

/** POST /api/stripe/portal: the payment provider's billing portal for the signed-in customer. */
export async function createPortalSession(): Promise<{ url: string }> {
  const reply = await apiRequest<ApiReply<never> & { url?: string }>('/api/stripe/portal', {
    method: 'POST',
    identity: 'bearer',
  });
  if (!reply.success || !reply.url) throw new BillingReplyError(reply.message);
  return { url: reply.url };
}
