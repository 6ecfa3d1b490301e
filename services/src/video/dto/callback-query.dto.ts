import { z } from 'zod';

/** A provider callback carries the task's token in its URL (we choose the URL; the body is the provider's). */
export const CallbackQuerySchema = z.object({
  token: z.string().max(100).optional(),
});
export type CallbackQueryDto = z.infer<typeof CallbackQuerySchema>;
