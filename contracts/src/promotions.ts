/**
 * Promotion codes of the simulated checkout: the buyer's code on the checkout page, and the codes
 * an admin creates and disables in the console. Stripe Checkout takes Stripe's own codes (managed
 * in the Stripe Dashboard), not these.
 */
import { z } from 'zod';
import { AdminReason } from './credits';
import { ok } from './envelope';

/** A code as an admin creates it: 3 to 32 of A-Z, 0-9, `_` and `-`, stored upper-case. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

/** The most one code may take off a price, in cents ($10,000). */
export const PROMO_MAX_AMOUNT_OFF_CENTS = 1_000_000;

/** Where a code stands: usable, past its expiry, at its redemption limit, or disabled by an admin. */
export const PROMO_CODE_STATES = ['active', 'expired', 'used_up', 'disabled'] as const;
export const PromoCodeState = z.enum(PROMO_CODE_STATES);
export type PromoCodeState = z.infer<typeof PromoCodeState>;

/** Letters are taken in any case: a code is one code whatever the case it is typed in. */
const CodeText = z.string().trim().toUpperCase();

/** POST /api/stripe/simulated/:sessionId/promotion-code: any text; an unknown code is a clear 404. */
export const ApplyPromotionCodeSchema = z.object({ code: CodeText.min(1, 'code is required').max(64) });
export type ApplyPromotionCodeBody = z.infer<typeof ApplyPromotionCodeSchema>;

export const PromotionCodeParamsSchema = z.object({ sessionId: z.string() });

/** POST /api/admin/promotions: exactly one of `percent_off` and `amount_off_cents`. */
export const CreatePromotionSchema = z
  .object({
    code: CodeText.regex(PROMO_CODE_PATTERN, 'code is 3 to 32 characters of A-Z, 0-9, _ and -'),
    percent_off: z.number().int().min(1).max(100).nullish(),
    amount_off_cents: z.number().int().min(1).max(PROMO_MAX_AMOUNT_OFF_CENTS).nullish(),
    /** None: the code never expires. */
    expires_at: z.iso.datetime().nullish(),
    /** None: no limit. */
    max_redemptions: z.number().int().min(1).max(1_000_000).nullish(),
    reason: AdminReason,
  })
  .refine((body) => (body.percent_off == null) !== (body.amount_off_cents == null), {
    path: ['percent_off'],
    message: 'give either percent_off or amount_off_cents',
  })
  .refine((body) => body.expires_at == null || Date.parse(body.expires_at) > Date.now(), {
    path: ['expires_at'],
    message: 'expires_at must be in the future',
  });
export type CreatePromotionBody = z.infer<typeof CreatePromotionSchema>;

/** POST /api/admin/promotions/:id/disable. */
export const DisablePromotionSchema = z.object({ reason: AdminReason });
export type DisablePromotionBody = z.infer<typeof DisablePromotionSchema>;

export const AdminPromotionParamsSchema = z.object({ id: z.string() });

export const AdminPromotionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminPromotionsQuery = z.infer<typeof AdminPromotionsQuerySchema>;

/** The console's page size. */
export const ADMIN_PROMOTIONS_PAGE_SIZE = 50;

export const AdminPromotion = z.object({
  id: z.string(),
  code: z.string(),
  percent_off: z.number().int().nullable(),
  amount_off_cents: z.number().int().nullable(),
  expires_at: z.iso.datetime().nullable(),
  max_redemptions: z.number().int().nullable(),
  redemptions: z.number().int(),
  disabled_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  state: PromoCodeState,
});
export type AdminPromotion = z.infer<typeof AdminPromotion>;

/** GET /api/admin/promotions: newest first; `stripe_configured`: these codes apply to the simulated checkout only. */
export const AdminPromotionsReply = ok(
  z.object({
    items: z.array(AdminPromotion),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
    stripe_configured: z.boolean(),
  }),
);
export type AdminPromotionsReply = z.infer<typeof AdminPromotionsReply>;

export const AdminPromotionReply = ok(AdminPromotion);
export type AdminPromotionReply = z.infer<typeof AdminPromotionReply>;
