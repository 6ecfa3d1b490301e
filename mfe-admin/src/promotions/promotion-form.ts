import { PROMO_CODE_PATTERN, PROMO_MAX_AMOUNT_OFF_CENTS, type CreatePromotionBody } from '@veo3/contracts/promotions';

/** The create form's fields as typed: the amount in dollars, the expiry in the browser's local time. */
export interface PromotionForm {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  expires: string;
  limit: string;
  reason: string;
}

export const EMPTY_PROMOTION_FORM: PromotionForm = {
  code: '',
  kind: 'percent',
  value: '',
  expires: '',
  limit: '',
  reason: '',
};

export type PromotionFormErrors = Partial<
  Record<
    'code' | 'value' | 'expires' | 'limit' | 'reason',
    'codeInvalid' | 'percentInvalid' | 'amountInvalid' | 'expiryInvalid' | 'limitInvalid' | 'reasonInvalid'
  >
>;

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);

/** The request the form makes, or what is wrong with it (the server checks the same again). */
export function promotionBody(
  form: PromotionForm,
  now: Date,
): { body: CreatePromotionBody; errors: null } | { body: null; errors: PromotionFormErrors } {
  const errors: PromotionFormErrors = {};
  const code = form.code.trim().toUpperCase();
  if (!PROMO_CODE_PATTERN.test(code)) errors.code = 'codeInvalid';
  const percent = wholeNumber(form.value);
  const cents = /^\d+(\.\d{1,2})?$/.test(form.value.trim()) ? Math.round(Number(form.value) * 100) : NaN;
  if (form.kind === 'percent' && !(percent >= 1 && percent <= 100)) errors.value = 'percentInvalid';
  if (form.kind === 'amount' && !(cents > 0 && cents <= PROMO_MAX_AMOUNT_OFF_CENTS)) errors.value = 'amountInvalid';
  const expires = form.expires ? new Date(form.expires) : null;
  if (expires && !(expires.getTime() > now.getTime())) errors.expires = 'expiryInvalid';
  const limit = form.limit.trim() ? wholeNumber(form.limit) : null;
  if (limit !== null && !(limit >= 1)) errors.limit = 'limitInvalid';
  if (form.reason.trim().length < 3) errors.reason = 'reasonInvalid';
  if (Object.keys(errors).length) return { body: null, errors };
  return {
    errors: null,
    body: {
      code,
      percent_off: form.kind === 'percent' ? percent : null,
      amount_off_cents: form.kind === 'amount' ? cents : null,
      expires_at: expires?.toISOString() ?? null,
      max_redemptions: limit,
      reason: form.reason.trim(),
    },
  };
}
