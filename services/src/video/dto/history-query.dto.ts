import { z } from 'zod';

export const HistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type HistoryQueryDto = z.infer<typeof HistoryQuerySchema>;

export const FileQuerySchema = z.object({
  exp: z.coerce.number().int().optional(),
  sig: z.string().max(100).optional(),
});
export type FileQueryDto = z.infer<typeof FileQuerySchema>;
