import type { ErrorReply } from '@veo3/contracts/envelope';
import type { AspectRatio, Resolution } from '@veo3/contracts/generation-options';
import type {
  DeletedVideoTask,
  DeleteVideoTaskReply,
  GenerateReply,
  HistoryVideo,
  PublicVideoTask,
  RecentTasks,
  RecentTasksReply,
  RestoreVideoTaskReply,
  VideoHistory,
  VideoHistoryReply,
  VideoOptions,
  VideoOptionsReply,
  VideoStatusReply,
} from '@veo3/contracts/video';
import { apiRequest } from '@veo3/platform/api/api-client';
import type { TaskEvent } from '@veo3/platform/events/task-events';

/** SPEC §9: ten videos per history page. */
export const HISTORY_PAGE_SIZE = 10;

/** How many of the user's latest tasks the generator's feed shows. */
export const RECENT_LIMIT = 20;

/** A completed task with its video; the history lists only these. */
export type CompletedVideo = PublicVideoTask & { result_url: string };

/** A video in History (the contract's HistoryVideo), whose versions are all completed: the server lists only those. */
export type CompletedHistoryVideo = HistoryVideo & CompletedVideo & { versions: CompletedVideo[] };

/** GET /api/video/history as the remote reads it: `items` are videos by their newest completed version (the server filters them). */
export type VideoHistoryPage = Omit<VideoHistory, 'items'> & { items: CompletedHistoryVideo[] };

export interface GenerateVideoInput {
  prompt: string;
  /** The chosen model's id. */
  model: string;
  /** "Compare models": 2 or 3 model ids that each make one video (then `model` and `variations` are not sent). */
  compare?: readonly string[];
  aspectRatio: AspectRatio;
  resolution: Resolution;
  /** Text mode only; never sent in image mode (SPEC §2). */
  negativePrompt: string;
  /** Image mode only. */
  image: File | null;
  /** Image mode only, optional. */
  lastFrame: File | null;
  /** Seconds, for a model that takes a length; null where it makes one of its own. */
  duration: number | null;
  /** Pictures of a character or product to carry into the shot, for a model that takes them. */
  referenceImages: readonly File[];
  /** How many videos to make (1 unless the user chose ×2 or ×4). */
  variations: number;
  /** The first variation's seed, for a model that takes one; null for a random one. */
  seed: number | null;
  /** The shared video this one remixes; the server refuses a share that is no longer shared (422). */
  remixOf?: string | null;
}

/** POST /api/video/generate. Throws ApiError on an HTTP error; the caller reads success and taskId. */
export function generateVideo(input: GenerateVideoInput): Promise<GenerateReply | ErrorReply> {
  const form = new FormData();
  form.append('prompt', input.prompt);
  if (input.compare?.length) form.append('compare', input.compare.join(','));
  else form.append('model', input.model);
  form.append('aspect_ratio', input.aspectRatio);
  form.append('resolution', input.resolution);
  if (input.negativePrompt.trim()) form.append('negative_prompt', input.negativePrompt.trim());
  if (input.image) form.append('image', input.image);
  if (input.lastFrame) form.append('last_frame', input.lastFrame);
  if (input.duration !== null) form.append('duration', String(input.duration));
  for (const reference of input.referenceImages) form.append('reference_images', reference);
  if (input.variations > 1 && !input.compare?.length) form.append('variations', String(input.variations));
  if (input.seed !== null) form.append('seed', String(input.seed));
  if (input.remixOf) form.append('remix_of', input.remixOf);
  return apiRequest('POST /api/video/generate', { body: form, identity: 'full' });
}

/** POST /api/video/edit/:taskId: a new version of a finished Omni video, changed by `instruction`. Throws ApiError on an HTTP error. */
export function editVideo(taskId: string, instruction: string): Promise<GenerateReply | ErrorReply> {
  return apiRequest('POST /api/video/edit/:taskId', { params: { taskId }, body: { instruction }, identity: 'full' });
}

/**
 * POST /api/video/extend/:taskId: a new version `seconds` longer, with what happens next when the
 * model takes an instruction. Throws ApiError on an HTTP error.
 */
export function extendVideo(
  taskId: string,
  seconds: number,
  instruction?: string,
): Promise<GenerateReply | ErrorReply> {
  const body = instruction ? { seconds, instruction } : { seconds };
  return apiRequest('POST /api/video/extend/:taskId', { params: { taskId }, body, identity: 'full' });
}

/**
 * POST /api/video/remake/:taskId: the task made again at `resolution` (a draft in full quality), with
 * its prompt, settings, pictures and seed. Throws ApiError on an HTTP error.
 */
export function remakeVideo(taskId: string, resolution: Resolution): Promise<GenerateReply | ErrorReply> {
  return apiRequest('POST /api/video/remake/:taskId', { params: { taskId }, body: { resolution }, identity: 'full' });
}

/** GET /api/video/recent: the generator's feed, every status, newest first. Throws on any failure. */
export async function fetchRecentTasks(signal?: AbortSignal): Promise<RecentTasks> {
  const reply = (await apiRequest('GET /api/video/recent', {
    query: { limit: RECENT_LIMIT },
    identity: 'full',
    signal,
  })) as RecentTasksReply | ErrorReply;
  if (!reply.success) throw new Error(reply.message || 'Failed to load your recent videos');
  return reply.data;
}

export async function fetchVideoOptions(signal?: AbortSignal): Promise<VideoOptions> {
  const reply = (await apiRequest('GET /api/video/options', { signal })) as VideoOptionsReply | ErrorReply;
  if (!reply.success) throw new Error(reply.message || 'Failed to load the video options');
  if (!reply.data) throw new Error('Failed to load the video options');
  return reply.data;
}

/** GET /api/video/status/:taskId. Throws ApiError on an HTTP error, anything else on a network failure. */
export function fetchVideoTask(taskId: string, signal?: AbortSignal): Promise<VideoStatusReply | ErrorReply> {
  return apiRequest('GET /api/video/status/:taskId', { params: { taskId }, identity: 'full', signal });
}

/** A task event's data is exactly what GET /api/video/status/:taskId returns as `data` (docs/EVENTS.md). */
export function taskFromEvent(event: TaskEvent): PublicVideoTask {
  return event.task as PublicVideoTask;
}

/**
 * GET /api/video/history: one page of the user's completed videos (the server filters and counts
 * them), and on the first page the tasks still in progress.
 */
export async function fetchVideoHistory(page: number, signal?: AbortSignal): Promise<VideoHistoryPage> {
  const reply = (await apiRequest('GET /api/video/history', {
    query: { page, limit: HISTORY_PAGE_SIZE },
    identity: 'bearer',
    signal,
  })) as VideoHistoryReply | ErrorReply;
  if (!reply.success) throw new Error(reply.message || 'Failed to fetch history');
  if (!reply.data) throw new Error('Failed to fetch history');
  return reply.data as VideoHistoryPage;
}

/** DELETE /api/video/tasks/:taskId: hides a finished video, restorable for a while. Throws ApiError on an HTTP error. */
export async function deleteVideoTask(taskId: string): Promise<DeletedVideoTask> {
  const reply = (await apiRequest('DELETE /api/video/tasks/:taskId', { params: { taskId }, identity: 'bearer' })) as
    DeleteVideoTaskReply | ErrorReply;
  if (!reply.success) throw new Error(reply.message || 'Failed to delete the video');
  return reply.data;
}

/** POST /api/video/tasks/:taskId/restore: undoes deleteVideoTask; the task as it is now. Throws ApiError on an HTTP error. */
export async function restoreVideoTask(taskId: string): Promise<PublicVideoTask> {
  const reply = (await apiRequest('POST /api/video/tasks/:taskId/restore', {
    params: { taskId },
    identity: 'bearer',
  })) as RestoreVideoTaskReply | ErrorReply;
  if (!reply.success) throw new Error(reply.message || 'Failed to restore the video');
  return reply.data;
}
