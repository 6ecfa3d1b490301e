/** "Download my data": the signed-in user's export of everything the site holds about them (UK GDPR access and portability). */
import { z } from 'zod';
import { ok } from './envelope';

export const AccountExportStatus = z.enum(['building', 'ready', 'failed', 'expired']);
export type AccountExportStatus = z.infer<typeof AccountExportStatus>;

/** One export job of the caller's. `download_url` is a signed link good for a few minutes; ask again for a fresh one. */
export const AccountExportJob = z.object({
  id: z.string(),
  status: AccountExportStatus,
  /** 0–100 while building; 100 once ready. */
  progress: z.number().int().min(0).max(100),
  created_at: z.iso.datetime(),
  /** When the archive is deleted (set once ready). */
  expires_at: z.iso.datetime().nullable(),
  /** The archive's size in bytes, once ready. */
  size: z.number().int().nonnegative().nullable(),
  download_url: z.string().nullable(),
  /** When the caller may ask for another export; null: now. */
  next_allowed_at: z.iso.datetime().nullable(),
});
export type AccountExportJob = z.infer<typeof AccountExportJob>;

/** POST /api/account/export (202): the new job. A second one within EXPORT_EVERY_HOURS is a 429 ACCOUNT_EXPORT_TOO_SOON. */
export const StartAccountExportReply = ok(AccountExportJob);
export type StartAccountExportReply = z.infer<typeof StartAccountExportReply>;

/** GET /api/account/export: the caller's latest job, or null when there is none. */
export const LatestAccountExportReply = ok(AccountExportJob.nullable());
export type LatestAccountExportReply = z.infer<typeof LatestAccountExportReply>;

export const AccountExportParamsSchema = z.object({ id: z.string().max(64) });
export type AccountExportParams = z.infer<typeof AccountExportParamsSchema>;

/** GET /api/account/export/:id/download: the signed link's expiry (seconds) and signature, or the owner's bearer token. */
export const AccountExportDownloadQuerySchema = z.object({
  exp: z.coerce.number().int().optional(),
  sig: z.string().max(128).optional(),
});
export type AccountExportDownloadQuery = z.infer<typeof AccountExportDownloadQuerySchema>;
