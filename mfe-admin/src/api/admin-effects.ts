import { EFFECT_SAMPLE_FILE, type EffectDraft } from '@veo3/contracts/effects';
import { apiRequest } from '@veo3/platform/api/api-client';
import { adminKeys } from './admin-keys';

/** Every admin call carries the Bearer token and nothing else about the user; the server checks the role. */
const admin = { identity: 'bearer' } as const;

/** Query keys of the Effects section; a change updates the list and invalidates the audit log. */
export const effectKeys = {
  all: () => [...adminKeys.all, 'effects'] as const,
  list: () => [...effectKeys.all(), 'list'] as const,
  catalogue: () => [...effectKeys.all(), 'catalogue'] as const,
};

/** Every effect, published or not, in the site's order. */
export async function fetchEffects(signal?: AbortSignal) {
  return (await apiRequest('GET /api/admin/effects', { ...admin, signal })).data;
}

/** The models the generator offers now, with what each makes (the effect's settings are checked against it). */
export async function fetchModelCatalogue(signal?: AbortSignal) {
  return (await apiRequest('GET /api/video/options', { signal })).data.catalogue;
}

/** Creates an effect, unpublished; the reason is kept in the audit log. */
export async function createEffect(draft: EffectDraft) {
  return (await apiRequest('POST /api/admin/effects', { ...admin, body: draft })).data;
}

export async function updateEffect(id: string, draft: EffectDraft) {
  return (await apiRequest('PUT /api/admin/effects/:id', { ...admin, params: { id }, body: draft })).data;
}

/** Shows the effect on the site, or takes it off. */
export async function setEffectPublished(id: string, published: boolean, reason: string) {
  const options = { ...admin, params: { id }, body: { reason } };
  if (published) return (await apiRequest('POST /api/admin/effects/:id/publish', options)).data;
  return (await apiRequest('POST /api/admin/effects/:id/unpublish', options)).data;
}

/** Every effect's id in the new order; answers the list in it. */
export async function reorderEffects(ids: string[], reason: string) {
  return (await apiRequest('POST /api/admin/effects/reorder', { ...admin, body: { ids, reason } })).data;
}

/** Replaces the effect's sample video; the server makes its poster. */
export async function uploadEffectSample(id: string, video: File, reason: string) {
  const body = new FormData();
  body.append('reason', reason);
  body.append(EFFECT_SAMPLE_FILE, video);
  return (await apiRequest('POST /api/admin/effects/:id/sample', { ...admin, params: { id }, body })).data;
}
