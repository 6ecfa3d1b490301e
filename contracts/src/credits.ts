/** Credits: the balance, the ledger, the model check and the administrators' adjustments. */
import { z } from 'zod';
import { PublicUser } from './auth';
import { ok } from './envelope';
import { stripControlCharacters } from './plain-text';

export const CREDIT_SOURCE_TYPES = [
  'purchase',
  'plan',
  'renewal',
  'video',
  'refund',
  'bonus',
  'admin',
  'referral',
] as const;
export const CreditSourceType = z.enum(CREDIT_SOURCE_TYPES);
export type CreditSourceType = z.infer<typeof CreditSourceType>;

/** An admin's reason for a change: shown to other admins and exported, so plain text cleaned of hidden characters. */
export const AdminReason = z
  .string({ error: 'reason is required' })
  .overwrite((v) => stripControlCharacters(v))
  .trim()
  .min(3, 'reason is required (at least 3 characters)')
  .max(500, 'reason is at most 500 characters');

/**
 * Body of POST /api/credits/add and /deduct (SPEC §3 'Credit add/deduct payload'): the admin
 * console's adjustment, so its ledger line is `admin` and it needs a reason (`description` when no
 * `reason` is sent).
 */
export const CreditChangeSchema = z
  .object({
    userId: z.string().trim().min(1, 'userId is required'),
    amount: z
      .number({ error: 'amount must be a number' })
      .int('amount must be a whole number')
      .positive('amount must be positive')
      .max(1_000_000),
    sourceType: CreditSourceType.default('admin').refine(
      (type) => type === 'admin',
      "sourceType must be 'admin' (or left out): these routes are an administrator's adjustment",
    ),
    sourceId: z.string().trim().min(1, 'sourceId is required, so that a repeated request changes nothing').max(200),
    description: z
      .string()
      .overwrite((v) => stripControlCharacters(v))
      .trim()
      .max(500)
      .nullish(),
    reason: AdminReason.optional(),
  })
  .refine((body) => body.reason !== undefined || (body.description?.length ?? 0) >= 3, {
    path: ['reason'],
    message: 'reason is required (at least 3 characters); without it, description is taken as the reason',
  });
export type CreditChangeBody = z.infer<typeof CreditChangeSchema>;

/** Query of GET /api/credits/:userId/transactions. */
export const TransactionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TransactionsQuery = z.infer<typeof TransactionsQuerySchema>;

export const TransactionsParamsSchema = z.object({ userId: z.string() });
export const ValidateModelParamsSchema = z.object({ modelId: z.string() });

/** One ledger line (credits/credit-transaction.entity.ts toPublicTransaction). */
export const PublicCreditTransaction = z.object({
  id: z.string(),
  amount: z.number().int(),
  balance_after: z.number().int(),
  source_type: CreditSourceType,
  source_id: z.string().nullable(),
  description: z.string().nullable(),
  /**
   * The catalogue id of what the line is for: the plan or pack of a payment (and of its refund),
   * the model of a video (and of its refund); null for other lines. Servers before it was added
   * leave it out.
   */
  product_id: z.string().nullable().optional(),
  /**
   * The catalogue's name of a video line's model (and of its refund's): a proper name, the same in
   * every language; null for other lines. Servers before it was added leave it out.
   */
  product_name: z.string().nullable().optional(),
  created_at: z.iso.datetime(),
});
export type PublicCreditTransaction = z.infer<typeof PublicCreditTransaction>;

/** GET /api/credits/balance: the balance, the latest 10 ledger lines, the user. */
export const CreditSummary = z.object({
  total_credits: z.number().int(),
  transactions: z.array(PublicCreditTransaction),
  user: PublicUser,
});
export type CreditSummary = z.infer<typeof CreditSummary>;
export const CreditBalanceReply = ok(CreditSummary);
export type CreditBalanceReply = z.infer<typeof CreditBalanceReply>;

export const TransactionsPage = z.object({
  items: z.array(PublicCreditTransaction),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type TransactionsPage = z.infer<typeof TransactionsPage>;
export const TransactionsReply = ok(TransactionsPage);
export type TransactionsReply = z.infer<typeof TransactionsReply>;

/** POST /api/credits/validate/:modelId. */
export const ModelCheck = z.object({ cost: z.number().int(), balance: z.number().int(), enough: z.boolean() });
export type ModelCheck = z.infer<typeof ModelCheck>;
export const ModelCheckReply = ok(ModelCheck);
export type ModelCheckReply = z.infer<typeof ModelCheckReply>;

/** POST /api/credits/add and /deduct; `replayed` when the same sourceId was applied before. */
export const CreditChangeResult = z.object({
  transaction: PublicCreditTransaction,
  balance: z.number().int(),
  replayed: z.boolean(),
});
export type CreditChangeResult = z.infer<typeof CreditChangeResult>;
export const CreditChangeReply = ok(CreditChangeResult);
export type CreditChangeReply = z.infer<typeof CreditChangeReply>;
