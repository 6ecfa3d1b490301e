/**
 * What the site sells and what things cost: the one server-side catalogue that credits, video and
 * billing read. Prices are USD; the browser's copy of these numbers is display only.
 */

/** The generation models of SPEC §3; `id` is the apiPath the browser sends as `model`. */
export const VIDEO_MODELS = {
  veo3: { id: 'veo3', name: 'VEO 3 Text', mode: 'text', cost: 40 },
  'veo3-fast-frames': { id: 'veo3-fast-frames', name: 'VEO 3 Image', mode: 'image', cost: 40 },
} as const;

export type VideoModelId = keyof typeof VIDEO_MODELS;

export function findVideoModel(id: string): (typeof VIDEO_MODELS)[VideoModelId] | undefined {
  return Object.hasOwn(VIDEO_MODELS, id) ? VIDEO_MODELS[id as VideoModelId] : undefined;
}

export type BillingCycle = 'monthly' | 'yearly';

export interface SubscriptionPlan {
  id: 'lite' | 'pro' | 'pro+';
  name: string;
  /** Price per billing cycle. */
  price: Record<BillingCycle, number>;
  /** Credits granted at checkout and again on each renewal. */
  credits: number;
}

export interface CreditPack {
  id: 'starter' | 'basic' | 'standard';
  name: string;
  price: number;
  credits: number;
}

export const SUBSCRIPTION_PLANS: readonly SubscriptionPlan[] = [
  { id: 'lite', name: 'Lite', price: { monthly: 29.9, yearly: 286 }, credits: 590 },
  { id: 'pro', name: 'Pro', price: { monthly: 59.9, yearly: 479 }, credits: 1340 },
  { id: 'pro+', name: 'Pro+', price: { monthly: 129.9, yearly: 959 }, credits: 3370 },
];

export const CREDIT_PACKS: readonly CreditPack[] = [
  { id: 'starter', name: 'Starter', price: 19.9, credits: 330 },
  { id: 'basic', name: 'Basic', price: 49.9, credits: 950 },
  { id: 'standard', name: 'Standard', price: 99.9, credits: 2200 },
];

export function findPlan(id: string | undefined): SubscriptionPlan | undefined {
  return SUBSCRIPTION_PLANS.find((plan) => plan.id === id);
}

export function findPack(id: string | undefined): CreditPack | undefined {
  return CREDIT_PACKS.find((pack) => pack.id === id);
}

/** USD to Stripe's smallest unit, without floating-point drift (29.9 → 2990). */
export function toCents(usd: number): number {
  return Math.round(usd * 100);
}
