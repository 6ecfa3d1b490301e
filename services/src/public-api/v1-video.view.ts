import type { V1Video, V1VideoStatus } from '@veo3/contracts/public-api';
import { publicFailure, TASK_FAILURE_MESSAGES } from '../video/task-failure';
import type { VideoTaskEntity } from '../video/video-task.entity';

/** What the developer API's view reads of a task. */
export type V1VideoTask = Pick<
  VideoTaskEntity,
  | 'id'
  | 'status'
  | 'errorCode'
  | 'lockedUntil'
  | 'model'
  | 'prompt'
  | 'aspectRatio'
  | 'resolution'
  | 'durationS'
  | 'cost'
  | 'createdAt'
  | 'finishedAt'
>;

/** A task's state as the developer API names it; a pending task a worker holds is already processing. */
export function v1Status(task: Pick<V1VideoTask, 'status' | 'errorCode' | 'lockedUntil'>, now: Date): V1VideoStatus {
  if (task.status === 'failed') return task.errorCode === 'cancelled' ? 'cancelled' : 'failed';
  if (task.status === 'pending') return task.lockedUntil && task.lockedUntil > now ? 'processing' : 'queued';
  return task.status;
}

/**
 * A task as `/v1` and the webhooks' video events show it; `links` are the absolute signed links to
 * its video and poster (null until it is completed).
 */
export function v1Video(
  task: V1VideoTask,
  links: { result: string | null; poster: string | null },
  now = new Date(),
): V1Video {
  const failure = task.status === 'failed' ? publicFailure(task.errorCode) : null;
  const completed = task.status === 'completed';
  return {
    id: task.id,
    object: 'video',
    status: v1Status(task, now),
    model: task.model,
    prompt: task.prompt,
    aspect_ratio: task.aspectRatio,
    resolution: task.resolution,
    duration_s: task.durationS,
    credits: task.cost,
    result_url: completed ? links.result : null,
    poster_url: completed ? links.poster : null,
    error: failure ? { code: failure, message: TASK_FAILURE_MESSAGES[failure] } : null,
    created_at: task.createdAt.toISOString(),
    completed_at: task.finishedAt?.toISOString() ?? null,
  };
}
