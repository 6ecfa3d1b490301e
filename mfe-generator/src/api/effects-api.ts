import type { Effect, EffectListReply, EffectPhotoKey, EffectReply, EffectTextKey } from '@veo3/contracts/effects';
import type { ErrorReply } from '@veo3/contracts/envelope';
import type { GenerateReply } from '@veo3/contracts/video';
import { apiRequest } from '@veo3/platform/api/api-client';

/** Query keys of the effects: the published list, and one effect by its slug. */
export const effectKeys = {
  all: ['effects'] as const,
  list: () => [...effectKeys.all, 'list'] as const,
  one: (slug: string) => [...effectKeys.all, 'one', slug] as const,
};

/** GET /api/effects: the published effects in the console's order. Throws on any failure. */
export async function fetchEffects(signal?: AbortSignal): Promise<Effect[]> {
  const reply = (await apiRequest('GET /api/effects', { signal })) as EffectListReply | ErrorReply;
  if (!reply.success) throw new Error(reply.message || 'Failed to load the effects');
  return reply.data.items;
}

/** GET /api/effects/:slug: a published effect. Throws ApiError (404 for none) or on a network failure. */
export async function fetchEffect(slug: string, signal?: AbortSignal): Promise<Effect> {
  const reply = (await apiRequest('GET /api/effects/:slug', { params: { slug }, signal })) as EffectReply | ErrorReply;
  if (!reply.success) throw new Error(reply.message || 'Failed to load the effect');
  return reply.data;
}

export interface EffectRequest {
  photos: Partial<Record<EffectPhotoKey, File>>;
  texts: Partial<Record<EffectTextKey, string>>;
  /** The user confirmed the people in the photos are adults who agreed. */
  peopleConsent: boolean;
}

/** POST /api/effects/:slug/generate: answers as POST /api/video/generate. Throws ApiError on an HTTP error. */
export function generateEffect(slug: string, request: EffectRequest): Promise<GenerateReply | ErrorReply> {
  const form = new FormData();
  for (const [key, file] of Object.entries(request.photos)) if (file) form.append(key, file);
  for (const [key, text] of Object.entries(request.texts)) if (text?.trim()) form.append(key, text.trim());
  if (request.peopleConsent) form.append('people_consent', 'yes');
  return apiRequest('POST /api/effects/:slug/generate', { params: { slug }, body: form, identity: 'full' });
}
