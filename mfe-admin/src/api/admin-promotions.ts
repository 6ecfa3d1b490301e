import type { CreatePromotionBody } from '@veo3/contracts/promotions';
import { apiRequest } from '@veo3/platform/api/api-client';
import { adminKeys } from './admin-keys';

/** Every admin call carries the Bearer token and nothing else about the user; the server checks the role. */
const admin = { identity: 'bearer' } as const;

/** Query keys of the Promotions section; a change invalidates the list and the audit log. */
export const promotionKeys = {
  all: () => [...adminKeys.all, 'promotions'] as const,
  list: (page: number) => [...promotionKeys.all(), page] as const,
};

/** The codes, newest first, 50 a page (the server's size). */
export async function fetchPromotions(page: number, signal?: AbortSignal) {
  return (await apiRequest('GET /api/admin/promotions', { ...admin, query: { page }, signal })).data;
}

/** Creates a code; the reason is kept in the audit log. */
export async function createPromotion(body: CreatePromotionBody) {
  return (await apiRequest('POST /api/admin/promotions', { ...admin, body })).data;
}

/** Disables a code: it can no longer be applied, nor paid with. */
export async function disablePromotion(id: string, reason: string) {
  return (await apiRequest('POST /api/admin/promotions/:id/disable', { ...admin, params: { id }, body: { reason } }))
    .data;
}
