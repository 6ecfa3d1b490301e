import { PROMOTIONS_ERROR_CODES } from '@veo3/contracts/error-codes';
import type { PromoCodeState } from '@veo3/contracts/promotions';
import { AppException } from '../common/app.exception';

/** The contract's codes (contracts/src/error-codes.ts), by the names this module uses. */
export const PromotionErrorCode = PROMOTIONS_ERROR_CODES;
export type PromotionErrorCode = (typeof PromotionErrorCode)[keyof typeof PromotionErrorCode];

const STATUS: Record<PromotionErrorCode, number> = {
  [PromotionErrorCode.UnknownCode]: 404,
  [PromotionErrorCode.Expired]: 409,
  [PromotionErrorCode.UsedUp]: 409,
  [PromotionErrorCode.Disabled]: 409,
  [PromotionErrorCode.CodeTaken]: 409,
  [PromotionErrorCode.NotFound]: 404,
};

export class PromotionException extends AppException<PromotionErrorCode> {
  constructor(code: PromotionErrorCode, message: string) {
    super(code, message, STATUS[code]);
  }
}

const UNUSABLE = {
  expired: [PromotionErrorCode.Expired, 'This promotion code has expired.'],
  used_up: [PromotionErrorCode.UsedUp, 'This promotion code has been used up.'],
  disabled: [PromotionErrorCode.Disabled, 'This promotion code is no longer valid.'],
} as const;

/** Why a code cannot be used, as the buyer is told; at Pay, with what they can do about it. */
export function unusableCode(state: Exclude<PromoCodeState, 'active'>, atPay = false): PromotionException {
  const [code, message] = UNUSABLE[state];
  return new PromotionException(
    code,
    atPay ? `${message} Nothing was charged: remove the code to pay the full price.` : message,
  );
}
