import type { AccountDeleteReply, AccountDeletion } from '@veo3/contracts/account-deletion';
import type {
  AccountPaymentsReply,
  AccountProfile,
  AccountProfileReply,
  PaymentReceipt,
  PaymentReceiptReply,
} from '@veo3/contracts/billing';
import type { ErrorReply } from '@veo3/contracts/envelope';
import { apiRequest } from '@veo3/platform/api/api-client';
import { BillingReplyError } from './billing-api';

export type PaymentsPage = AccountPaymentsReply['data'];

/** GET /api/account/profile: when the member joined. */
export async function fetchAccountProfile(signal?: AbortSignal): Promise<AccountProfile> {
  const reply = (await apiRequest('GET /api/account/profile', { identity: 'bearer', signal })) as
    AccountProfileReply | ErrorReply;
  if (!reply.success) throw new BillingReplyError(reply.message);
  return reply.data;
}

/** GET /api/account/payments: a page of the caller's payments, newest first. */
export async function fetchAccountPayments(limit: number, offset: number, signal?: AbortSignal): Promise<PaymentsPage> {
  const reply = (await apiRequest('GET /api/account/payments', {
    query: { limit, offset },
    identity: 'bearer',
    signal,
  })) as AccountPaymentsReply | ErrorReply;
  if (!reply.success) throw new BillingReplyError(reply.message);
  return reply.data;
}

/** GET /api/account/payments/:id/receipt: one of the caller's payments (404 otherwise). */
export async function fetchPaymentReceipt(id: string, signal?: AbortSignal): Promise<PaymentReceipt> {
  const reply = (await apiRequest('GET /api/account/payments/:id/receipt', {
    params: { id },
    identity: 'bearer',
    signal,
  })) as PaymentReceiptReply | ErrorReply;
  if (!reply.success) throw new BillingReplyError(reply.message);
  return reply.data;
}

/** POST /api/account/delete: deletes the caller's account, confirmed by their e-mail (ApiError 422 on a mismatch). */
export async function deleteAccount(email: string): Promise<AccountDeletion> {
  const reply = (await apiRequest('POST /api/account/delete', { body: { email }, identity: 'bearer' })) as
    AccountDeleteReply | ErrorReply;
  if (!reply.success) throw new BillingReplyError(reply.message);
  return reply.data;
}
