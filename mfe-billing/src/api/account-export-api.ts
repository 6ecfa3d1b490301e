import type {
  AccountExportJob,
  LatestAccountExportReply,
  StartAccountExportReply,
} from '@veo3/contracts/account-export';
import type { ErrorReply } from '@veo3/contracts/envelope';
import { apiRequest } from '@veo3/platform/api/api-client';
import { BillingReplyError } from './billing-api';

/** GET /api/account/export: the caller's latest export, or null. */
export async function fetchLatestExport(signal?: AbortSignal): Promise<AccountExportJob | null> {
  const reply = (await apiRequest('GET /api/account/export', { identity: 'bearer', signal })) as
    LatestAccountExportReply | ErrorReply;
  if (!reply.success) throw new BillingReplyError(reply.message);
  return reply.data;
}

/** POST /api/account/export: starts an export (ApiError 429 ACCOUNT_EXPORT_TOO_SOON within the limit). */
export async function startExport(): Promise<AccountExportJob> {
  const reply = (await apiRequest('POST /api/account/export', { identity: 'bearer' })) as
    StartAccountExportReply | ErrorReply;
  if (!reply.success) throw new BillingReplyError(reply.message);
  return reply.data;
}
