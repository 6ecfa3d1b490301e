import type { PromoCodeState } from '@veo3/contracts/promotions';
import type { PromoCodeEntity } from './promo-code.entity';

type Terms = Pick<PromoCodeEntity, 'percentOff' | 'amountOffCents'>;
type Limits = Pick<PromoCodeEntity, 'expiresAt' | 'maxRedemptions' | 'redemptions' | 'disabledAt'>;

/**
 * What a code takes off `priceCents`, as Stripe computes a coupon: a percentage rounded to the
 * nearest cent (half up), an amount at most the price.
 */
export function discountCents(code: Terms, priceCents: number): number {
  if (code.percentOff !== null) return Math.min(priceCents, Math.round((priceCents * code.percentOff) / 100));
  return Math.min(priceCents, code.amountOffCents ?? 0);
}

/** Where a code stands at `now`; a disabled code is disabled whatever else holds. */
export function promoCodeState(code: Limits, now: Date): PromoCodeState {
  if (code.disabledAt) return 'disabled';
  if (code.expiresAt && code.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (code.maxRedemptions !== null && code.redemptions >= code.maxRedemptions) return 'used_up';
  return 'active';
}
