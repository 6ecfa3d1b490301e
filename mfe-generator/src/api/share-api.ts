import type { CreateShareRequest, RemixSource, Share, UpdateShareRequest } from '@veo3/contracts/sharing';
import { apiRequest } from '@veo3/platform/api/api-client';

/** Query keys of sharing; a change to a share invalidates `shareKeys.all`. */
export const shareKeys = {
  all: ['share'] as const,
  /** The live share of one of the user's tasks (null: not shared). */
  task: (userId: string, taskId: string) => [...shareKeys.all, userId, 'task', taskId] as const,
  remix: (shareId: string) => [...shareKeys.all, 'remix', shareId] as const,
};

/** POST /api/share/tasks/:taskId: shares the video (the live share when it is shared already). Throws ApiError. */
export async function createShare(taskId: string, settings: Partial<CreateShareRequest>): Promise<Share> {
  return (await apiRequest('POST /api/share/tasks/:taskId', { params: { taskId }, body: settings, identity: 'bearer' }))
    .data;
}

/** GET /api/share/tasks?ids=: which of these tasks of the user are shared now. Throws ApiError. */
export async function fetchSharesOf(taskIds: readonly string[], signal?: AbortSignal): Promise<Share[]> {
  if (!taskIds.length) return [];
  const reply = await apiRequest('GET /api/share/tasks', {
    query: { ids: taskIds.join(',') },
    identity: 'bearer',
    signal,
  });
  return reply.data.items;
}

/** PATCH /api/share/:id. Throws ApiError. */
export async function updateShare(id: string, changes: UpdateShareRequest): Promise<Share> {
  return (await apiRequest('PATCH /api/share/:id', { params: { id }, body: changes, identity: 'bearer' })).data;
}

/** DELETE /api/share/:id ("Stop sharing"). Throws ApiError. */
export async function stopSharing(id: string): Promise<void> {
  await apiRequest('DELETE /api/share/:id', { params: { id }, identity: 'bearer' });
}

/** GET /api/share/:id/remix: what "Make one like this" starts from (no sign-in). Throws ApiError (404: not shared). */
export async function fetchRemixSource(id: string, signal?: AbortSignal): Promise<RemixSource> {
  return (await apiRequest('GET /api/share/:id/remix', { params: { id }, signal })).data;
}
