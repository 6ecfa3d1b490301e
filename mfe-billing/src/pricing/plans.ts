import {
  CREDIT_PACKS as CATALOGUE_PACKS,
  findPack,
  findPlan,
  PLAN_FEATURES,
  PRODUCT_NAMES_ZH,
  SUBSCRIPTION_PLANS as CATALOGUE_PLANS,
  VIDEO_MODELS,
  type CreditPack,
  type PlanFeature,
  type SubscriptionPlan as CataloguePlan,
} from '@veo3/contracts/catalogue';
import type { Language } from '@veo3/platform/i18n/i18n';

/** Every fact a card states comes from the one catalogue (`@veo3/contracts/catalogue`); this file only reshapes it. */
export type PlanId = CataloguePlan['id'];
export type PackId = CreditPack['id'];
export type { CreditPack, PlanFeature };

export interface SubscriptionPlan {
  id: PlanId;
  name: string;
  /** USD per month. */
  monthlyPrice: number;
  /** USD per year; the screen offers monthly billing only (SPEC §2). */
  yearlyPrice: number;
  /** Credits granted each billing period. */
  credits: number;
  features: readonly PlanFeature[];
}

/** Credits one video costs (SPEC §9), used to show roughly how many videos a plan or pack buys. */
export const VIDEO_COST_CREDITS = VIDEO_MODELS.veo3.cost;

export const SUBSCRIPTION_PLANS: SubscriptionPlan[] = CATALOGUE_PLANS.map((plan) => ({
  id: plan.id,
  name: plan.name,
  monthlyPrice: plan.price.monthly,
  yearlyPrice: plan.price.yearly,
  credits: plan.credits,
  features: PLAN_FEATURES[plan.id],
}));

export const CREDIT_PACKS: readonly CreditPack[] = CATALOGUE_PACKS;

/** A plan's or pack's name in `lang` (the pricing cards' names); undefined for an id the catalogue does not know. */
export function productName(id: string, lang: Language): string | undefined {
  const product = findPlan(id) ?? findPack(id);
  if (!product) return undefined;
  return lang === 'zh-CN' ? PRODUCT_NAMES_ZH[product.id] : product.name;
}

export function videosFor(credits: number): number {
  return Math.floor(credits / VIDEO_COST_CREDITS);
}

/** The offer with the lowest price per credit, marked 'Best value' on the screen. */
export function bestValueId<T extends { id: string; credits: number }>(
  offers: readonly T[],
  price: (offer: T) => number,
) {
  let best: T | undefined;
  for (const offer of offers) {
    if (!best || price(offer) / offer.credits < price(best) / best.credits) best = offer;
  }
  return best?.id;
}
