import type { AdminGalleryFilter } from '@veo3/contracts/gallery';
import { apiRequest } from '@veo3/platform/api/api-client';
import { adminKeys } from './admin-keys';

/** Every admin call carries the Bearer token and nothing else about the user; the server checks the role. */
const admin = { identity: 'bearer' } as const;

export interface GalleryQueueFilter {
  state: AdminGalleryFilter;
  page: number;
}

/** Query keys of the Gallery section; an action invalidates the whole queue and the audit log. */
export const galleryKeys = {
  all: () => [...adminKeys.all, 'gallery'] as const,
  queue: (filter: GalleryQueueFilter) => [...galleryKeys.all(), filter] as const,
};

/** The review queue, 25 a page (the server's size). */
export async function fetchGalleryQueue(filter: GalleryQueueFilter, signal?: AbortSignal) {
  return (await apiRequest('GET /api/admin/gallery', { ...admin, query: filter, signal })).data;
}

export type GalleryVideoAction = 'hide' | 'restore' | 'dismiss-reports';
export type GalleryUserAction = 'ban' | 'unban';

/** Hide, restore or dismiss a video's reports, with the reason kept in the audit log. */
export async function moderateVideo(action: GalleryVideoAction, id: string, reason: string) {
  const options = { ...admin, params: { id }, body: { reason } };
  if (action === 'hide') return (await apiRequest('POST /api/admin/gallery/:id/hide', options)).data;
  if (action === 'restore') return (await apiRequest('POST /api/admin/gallery/:id/restore', options)).data;
  return (await apiRequest('POST /api/admin/gallery/:id/dismiss-reports', options)).data;
}

/** Ban a user from the gallery (their videos hidden, their offers refused) or lift the ban. */
export async function moderateUser(action: GalleryUserAction, userId: string, reason: string) {
  const options = { ...admin, params: { id: userId }, body: { reason } };
  if (action === 'ban') return (await apiRequest('POST /api/admin/gallery/users/:id/ban', options)).data;
  return (await apiRequest('POST /api/admin/gallery/users/:id/unban', options)).data;
}
