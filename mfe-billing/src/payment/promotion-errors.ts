import { ApiError } from '@veo3/platform/api/api-client';

/** The promotion code errors the page words itself, by the server's code. */
const REASONS = {
  PROMOTIONS_UNKNOWN_CODE: 'unknown',
  PROMOTIONS_EXPIRED: 'expired',
  PROMOTIONS_USED_UP: 'usedUp',
  PROMOTIONS_DISABLED: 'disabled',
} as const;

export type PromotionErrorReason = (typeof REASONS)[keyof typeof REASONS];

/** Why a code was refused (on Apply, or at Pay when it ran out meanwhile); null for any other failure. */
export function promotionErrorReason(error: unknown): PromotionErrorReason | null {
  if (!(error instanceof ApiError) || !error.code) return null;
  return (REASONS as Record<string, PromotionErrorReason>)[error.code] ?? null;
}
