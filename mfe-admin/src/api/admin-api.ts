import type {
  AdminAuditQuery,
  AdminCreditAdjustBody,
  AdminRole,
  ADMIN_TASK_FILTERS,
  PAYMENT_STATUSES,
} from '@veo3/contracts/admin';
import { apiRequest, ApiError } from '@veo3/platform/api/api-client';
import { sessionStore } from '@veo3/platform/session/session-store';

/** Every admin call carries the Bearer token and nothing else about the user; the server checks the role. */
const admin = { identity: 'bearer' } as const;

export interface UsersFilter {
  q?: string;
  signed_up_from?: string;
  signed_up_to?: string;
  has_plan?: 'true' | 'false';
  has_paid?: 'true' | 'false';
  page: number;
}

export type AuditFilter = Partial<Pick<AdminAuditQuery, 'action' | 'actor' | 'target_id' | 'from' | 'to'>>;

export const PAGE_SIZE = 25;

/** '' and undefined leave a filter out of the query string. */
function present<T extends Record<string, string | number | undefined>>(query: T): T {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as T;
}

export async function fetchOverview(range: { from: string; to: string }, signal?: AbortSignal) {
  return (await apiRequest('GET /api/admin/overview', { ...admin, query: range, signal })).data;
}

export async function fetchUsers(filter: UsersFilter, signal?: AbortSignal) {
  const query = present({ ...filter, page_size: PAGE_SIZE });
  return (await apiRequest('GET /api/admin/users', { ...admin, query, signal })).data;
}

export async function fetchUser(id: string, signal?: AbortSignal) {
  return (await apiRequest('GET /api/admin/users/:id', { ...admin, params: { id }, signal })).data;
}

/** The API client sends one fresh Idempotency-Key per call (kept across its retries): one per submit. */
export async function adjustCredits(id: string, body: AdminCreditAdjustBody) {
  return (await apiRequest('POST /api/admin/users/:id/credits', { ...admin, params: { id }, body })).data;
}

export async function changeRole(id: string, change: { role: AdminRole; granted: boolean; reason?: string }) {
  const body = change.reason ? change : { role: change.role, granted: change.granted };
  return (await apiRequest('POST /api/admin/users/:id/roles', { ...admin, params: { id }, body })).data;
}

export async function signOutEverywhere(id: string, reason?: string) {
  const body = reason ? { reason } : {};
  return (await apiRequest('POST /api/admin/users/:id/sign-out', { ...admin, params: { id }, body })).data;
}

/** Deletes (erases) the user's account; the reason is required and kept in the audit log. */
export async function deleteUserAccount(id: string, reason: string) {
  return (await apiRequest('POST /api/admin/users/:id/delete', { ...admin, params: { id }, body: { reason } })).data;
}

export async function fetchPayments(
  filter: { page: number; status?: (typeof PAYMENT_STATUSES)[number] },
  signal?: AbortSignal,
) {
  const query = present({ ...filter, page_size: PAGE_SIZE });
  return (await apiRequest('GET /api/admin/payments', { ...admin, query, signal })).data;
}

export async function refundPayment(id: string, reason: string) {
  return (await apiRequest('POST /api/admin/payments/:id/refund', { ...admin, params: { id }, body: { reason } })).data;
}

export async function fetchTasks(
  filter: { status: (typeof ADMIN_TASK_FILTERS)[number]; page: number },
  signal?: AbortSignal,
) {
  return (await apiRequest('GET /api/admin/tasks', { ...admin, query: { ...filter, page_size: PAGE_SIZE }, signal }))
    .data;
}

export async function refundTask(id: string, reason: string) {
  return (await apiRequest('POST /api/admin/tasks/:id/refund', { ...admin, params: { id }, body: { reason } })).data;
}

export async function retryTask(id: string, reason?: string) {
  const body = reason ? { reason } : {};
  return (await apiRequest('POST /api/admin/tasks/:id/retry', { ...admin, params: { id }, body })).data;
}

export async function fetchAudit(filter: AuditFilter & { page: number }, signal?: AbortSignal) {
  const query = present({ ...filter, page_size: PAGE_SIZE, format: 'json' });
  return (await apiRequest('GET /api/admin/audit', { ...admin, query, signal })).data;
}

/** The address of the audit CSV for `filter` (every matching row, no paging). */
export function auditCsvUrl(filter: AuditFilter): string {
  const params = new URLSearchParams({ ...present(filter), format: 'csv' });
  return `/api/admin/audit?${params.toString()}`;
}

/**
 * GET /api/admin/audit?format=csv: a file, not JSON, so not through the JSON client; it needs the
 * Bearer token all the same, so the browser cannot simply follow a link to it.
 */
export async function downloadAuditCsv(filter: AuditFilter): Promise<string> {
  const { token } = sessionStore.getState();
  const headers = new Headers({ Accept: 'text/csv' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(auditCsvUrl(filter), { headers, credentials: 'include' });
  if (!response.ok) {
    let message = `HTTP error: ${response.status}`;
    try {
      const body = JSON.parse(await response.text()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // Not a JSON error body: the status says enough.
    }
    throw new ApiError(message, response.status);
  }
  return response.text();
}

export interface ApiUsageFilter {
  /** An e-mail (part of one) or a user id. */
  user?: string;
  page: number;
}

/** API keys with their use, most recently used first, 25 a page (the server's page size). */
export async function fetchApiUsage(filter: ApiUsageFilter, signal?: AbortSignal) {
  return (await apiRequest('GET /api/admin/api-usage', { ...admin, query: present({ ...filter }), signal })).data;
}

/** Revokes a user's key; the reason is required and kept in the audit log. */
export async function revokeUserApiKey(id: string, reason: string) {
  return (await apiRequest('POST /api/admin/api-keys/:id/revoke', { ...admin, params: { id }, body: { reason } })).data;
}
