import { apiRequest } from '@veo3/platform/api/api-client';
import type { TaskEvent } from '@veo3/platform/events/task-events';
import type { AspectRatio, Resolution } from '../../../services/src/video/generation-options';

/** SPEC §9: ten videos per history page. */
export const HISTORY_PAGE_SIZE = 10;

/** The `{ success, data, message }` envelope of the video endpoints. */
export interface ApiReply<T> {
  success: boolean;
  data?: T;
  message?: string;
  code?: string;
}

export type VideoTaskStatus = 'pending' | 'processing' | 'completed' | 'failed';

/** A video task (SPEC §3). `status` is compared case-insensitively and may hold values we do not know. */
export interface VideoTask {
  id: string;
  status: VideoTaskStatus | (string & {});
  status_message: string | null;
  result_url: string | null;
  /** A still shown before the video plays; null when none could be made. */
  poster_url?: string | null;
  error_message: string | null;
  model: string;
  prompt: string;
  /** The video's format; tasks from before formats existed are 16:9 720p. */
  aspect_ratio?: AspectRatio;
  resolution?: Resolution;
  created_at: string;
  updated_at: string;
  /** When the server gives up on the task and refunds it (absent from older servers). */
  expires_at?: string;
}

export interface GenerateData {
  taskId?: string;
  remainingCredits?: number;
}

/** A completed task with its video; the history lists only these. */
export type CompletedVideo = VideoTask & { result_url: string };

export interface VideoHistoryPage {
  items: CompletedVideo[];
  total: number;
  page: number;
  pages: number;
  /**
   * The user's tasks still being made (pending or processing), newest first; sent with the first
   * page only and counted in neither `total` nor `pages`.
   */
  in_progress?: VideoTask[];
}

/** GET /api/video/options: what the generator may offer now, and whether each model can be used. */
export interface VideoOptions {
  defaults: { aspect_ratio: AspectRatio; resolution: Resolution };
  shapes: { aspect_ratio: AspectRatio; resolution: Resolution }[];
  negative_prompt: boolean;
  last_frame: boolean;
  /** By model apiPath. */
  models: Record<string, { available: boolean; message: string | null; prices: Record<Resolution, number> }>;
}

export interface GenerateVideoInput {
  prompt: string;
  /** The apiPath of the chosen model option. */
  model: string;
  aspectRatio: AspectRatio;
  resolution: Resolution;
  /** Text mode only; never sent in image mode (SPEC §2). */
  negativePrompt: string;
  /** Image mode only. */
  image: File | null;
  /** Image mode only, optional. */
  lastFrame: File | null;
}

/** POST /api/video/generate. Throws ApiError on an HTTP error; the caller reads success and taskId. */
export function generateVideo(input: GenerateVideoInput): Promise<ApiReply<GenerateData>> {
  const form = new FormData();
  form.append('prompt', input.prompt);
  form.append('model', input.model);
  form.append('aspect_ratio', input.aspectRatio);
  form.append('resolution', input.resolution);
  if (input.negativePrompt.trim()) form.append('negative_prompt', input.negativePrompt.trim());
  if (input.image) form.append('image', input.image);
  if (input.lastFrame) form.append('last_frame', input.lastFrame);
  return apiRequest<ApiReply<GenerateData>>('/api/video/generate', { method: 'POST', body: form, identity: 'full' });
}

export async function fetchVideoOptions(signal?: AbortSignal): Promise<VideoOptions> {
  const reply = await apiRequest<ApiReply<VideoOptions>>('/api/video/options', { signal });
  if (!reply.success || !reply.data) throw new Error(reply.message ?? 'Failed to load the video options');
  return reply.data;
}

/** GET /api/video/status/:taskId. Throws ApiError on an HTTP error, anything else on a network failure. */
export function fetchVideoTask(taskId: string, signal?: AbortSignal): Promise<ApiReply<VideoTask>> {
  return apiRequest<ApiReply<VideoTask>>(`/api/video/status/${encodeURIComponent(taskId)}`, {
    identity: 'full',
    signal,
  });
}

/** A task event's data is exactly what GET /api/video/status/:taskId returns as `data` (EVENTS-CONTRACT.md). */
export function taskFromEvent(event: TaskEvent): VideoTask {
  return event.task as VideoTask;
}

/**
 * GET /api/video/history: one page of the user's completed videos (the server filters and counts
 * them), and on the first page the tasks still in progress.
 */
export async function fetchVideoHistory(page: number, signal?: AbortSignal): Promise<VideoHistoryPage> {
  const reply = await apiRequest<ApiReply<VideoHistoryPage>>('/api/video/history', {
    query: { page, limit: HISTORY_PAGE_SIZE },
    identity: 'bearer',
    signal,
  });
  if (!reply.success || !reply.data) throw new Error(reply.message ?? 'Failed to fetch history');
  return reply.data;
}
