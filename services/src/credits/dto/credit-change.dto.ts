import { z } from 'zod';
import { CREDIT_SOURCE_TYPES } from '../credit-transaction.entity';

/** Body of POST /api/credits/add and /deduct (SPEC §3 'Credit add/deduct payload'). */
export const CreditChangeSchema = z.object({
  userId: z.string().trim().min(1, 'userId is required'),
  amount: z
    .number({ error: 'amount must be a number' })
    .int('amount must be a whole number')
    .positive('amount must be positive')
    .max(1_000_000),
  sourceType: z.enum(CREDIT_SOURCE_TYPES).default('admin'),
  sourceId: z.string().trim().min(1, 'sourceId is required, so that a repeated request changes nothing').max(200),
  description: z.string().trim().max(500).nullish(),
});
export type CreditChangeDto = z.infer<typeof CreditChangeSchema>;

export const TransactionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TransactionsQueryDto = z.infer<typeof TransactionsQuerySchema>;
