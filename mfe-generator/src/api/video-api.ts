import { apiRequest } from '@veo3/platform/api/api-client';

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
  created_at: string;
  updated_at: string;
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
}

export interface GenerateVideoInput {
  prompt: string;
  /** The apiPath of the chosen model option. */
  model: string;
  /** Image mode only. */
  image: File | null;
}

/** POST /api/video/generate. Throws ApiError on an HTTP error; the caller reads success and taskId. */
export function generateVideo({ prompt, model, image }: GenerateVideoInput): Promise<ApiReply<GenerateData>> {
  const form = new FormData();
  form.append('prompt', prompt);
  form.append('model', model);
  if (image) form.append('image', image);
  return apiRequest<ApiReply<GenerateData>>('/api/video/generate', { method: 'POST', body: form, identity: 'full' });
}

/** GET /api/video/status/:taskId. Throws ApiError on an HTTP error, anything else on a network failure. */
export function fetchVideoTask(taskId: string, signal?: AbortSignal): Promise<ApiReply<VideoTask>> {
  return apiRequest<ApiReply<VideoTask>>(`/api/video/status/${encodeURIComponent(taskId)}`, {
    identity: 'full',
    signal,
  });
}

/** GET /api/video/history: one page of the user's completed videos (the server filters and counts them). */
export async function fetchVideoHistory(page: number, signal?: AbortSignal): Promise<VideoHistoryPage> {
  const reply = await apiRequest<ApiReply<VideoHistoryPage>>('/api/video/history', {
    query: { page, limit: HISTORY_PAGE_SIZE },
    identity: 'bearer',
    signal,
  });
  if (!reply.success || !reply.data) throw new Error(reply.message ?? 'Failed to fetch history');
  return reply.data;
}
