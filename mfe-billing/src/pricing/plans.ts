export type PlanId = 'lite' | 'pro' | 'pro+';
export type PlanFeature = 'standardSpeed' | 'fastestSpeed' | 'commercialRights' | 'prioritySupport';

export interface SubscriptionPlan {
  id: PlanId;
  name: string;
  /** USD per month. */
  monthlyPrice: number;
  /** USD per year; the screen offers monthly billing only (SPEC §2). */
  yearlyPrice: number;
  /** Credits granted each billing period. */
  credits: number;
  /** Longest video the tier allows, in seconds (SPEC §6; not enforced by the client). */
  maxVideoSeconds: number;
  features: PlanFeature[];
}

export type PackId = 'starter' | 'basic' | 'standard';

export interface CreditPack {
  id: PackId;
  name: string;
  /** USD, one-time. */
  price: number;
  credits: number;
}

/** Credits one video costs (SPEC §9), used to show roughly how many videos a plan or pack buys. */
export const VIDEO_COST_CREDITS = 40;

export const SUBSCRIPTION_PLANS: SubscriptionPlan[] = [
  {
    id: 'lite',
    name: 'Lite',
    monthlyPrice: 29.9,
    yearlyPrice: 286,
    credits: 590,
    maxVideoSeconds: 4,
    features: ['standardSpeed'],
  },
  {
    id: 'pro',
    name: 'Pro',
    monthlyPrice: 59.9,
    yearlyPrice: 479,
    credits: 1340,
    maxVideoSeconds: 10,
    features: ['fastestSpeed', 'commercialRights', 'prioritySupport'],
  },
  {
    id: 'pro+',
    name: 'Pro+',
    monthlyPrice: 129.9,
    yearlyPrice: 959,
    credits: 3370,
    maxVideoSeconds: 26,
    features: ['fastestSpeed', 'commercialRights', 'prioritySupport'],
  },
];

export const CREDIT_PACKS: CreditPack[] = [
  { id: 'starter', name: 'Starter', price: 19.9, credits: 330 },
  { id: 'basic', name: 'Basic', price: 49.9, credits: 950 },
  { id: 'standard', name: 'Standard', price: 99.9, credits: 2200 },
];

export function videosFor(credits: number): number {
  return Math.floor(credits / VIDEO_COST_CREDITS);
}

/** The offer with the lowest price per credit, marked 'Best value' on the screen. */
export function bestValueId<T extends { id: string; credits: number }>(offers: T[], price: (offer: T) => number) {
  let best: T | undefined;
  for (const offer of offers) {
    if (!best || price(offer) / offer.credits < price(best) / best.credits) best = offer;
  }
  return best?.id;
}
