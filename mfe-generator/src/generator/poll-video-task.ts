import { ApiError } from '@veo3/platform/api/api-client';
import type { PublicVideoTask as VideoTask } from '@veo3/contracts/video';
import { fetchVideoTask, type CompletedVideo } from '../api/video-api';
import { GenerationFailure } from './generation-failure';

/** SPEC §9: poll every 3 s while pending or processing, 5 s otherwise or after errors, at most 120 times. */
export const MAX_POLLS = 120;
export const ACTIVE_POLL_MS = 3_000;
export const IDLE_POLL_MS = 5_000;
/**
 * Past the 120 polls (a product decision): a provider may take longer, so the task is polled
 * at this slower pace until it ends or the server's deadline for it (`expires_at`) has passed.
 */
export const SLOW_POLL_MS = 15_000;
/**
 * How long after `expires_at` polling goes on: the server fails (and refunds) a task past its
 * deadline at its next look at it, so the client normally ends on that failed status.
 */
export const EXPIRY_GRACE_MS = 120_000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * SPEC §4 'Task status', for a task read by a poll or from the event stream: the finished task when
 * completed, null while it goes on, a GenerationFailure when it failed or has no video.
 */
export function settleTask(task: VideoTask): CompletedVideo | null {
  const status = String(task.status ?? '').toLowerCase();
  if (status === 'completed') {
    if (!task.result_url) throw new GenerationFailure('errorVideoUrlMissing');
    return { ...task, result_url: task.result_url };
  }
  if (status === 'failed') {
    throw task.error_message
      ? new GenerationFailure('serverMessage', { message: task.error_message })
      : new GenerationFailure('errorTaskFailed');
  }
  return null;
}

export interface PollOptions {
  signal: AbortSignal;
  /** The task's status_message, each time a poll brings one. */
  onProgress: (message: string) => void;
}

/**
 * Polls a task until it completes (resolves with the finished task), fails, or the poll budget runs
 * out; every failure is a GenerationFailure carrying its SPEC §8 message. Rejects with the abort
 * reason once `signal` aborts.
 *
 * The budget: SPEC §9's 120 polls at its pace, then, while the server's deadline for the task
 * (`expires_at` of the last reply, plus EXPIRY_GRACE_MS) has not passed, one poll every
 * SLOW_POLL_MS. A server that sends no deadline gets the 120 polls only.
 */
export async function pollVideoTask(taskId: string, { signal, onProgress }: PollOptions): Promise<CompletedVideo> {
  let deadline: number | null = null;
  /** Whether another poll is allowed after `polls` of them. */
  const budgetLeft = (polls: number) => polls < MAX_POLLS || (deadline !== null && Date.now() < deadline);
  const pace = (polls: number, ms: number) => (polls < MAX_POLLS ? ms : SLOW_POLL_MS);

  for (let polls = 1; ; polls++) {
    let task: VideoTask | undefined;
    try {
      const reply = await fetchVideoTask(taskId, signal);
      task = reply.success ? reply.data : undefined;
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof ApiError) throw new GenerationFailure('errorStatusFailed');
      // A network failure (after the API client's own retries) is retried until the budget runs out.
      if (!budgetLeft(polls)) throw new GenerationFailure('errorNetwork');
      await sleep(pace(polls, IDLE_POLL_MS), signal);
      continue;
    }
    signal.throwIfAborted();
    if (!task) throw new GenerationFailure('errorStatusFailed');

    const video = settleTask(task);
    if (video) return video;
    if (task.status_message) onProgress(task.status_message);
    const status = String(task.status ?? '').toLowerCase();
    const expiresAt = task.expires_at ? Date.parse(task.expires_at) : NaN;
    if (Number.isFinite(expiresAt)) deadline = expiresAt + EXPIRY_GRACE_MS;
    if (!budgetLeft(polls)) throw new GenerationFailure('errorTimedOut');
    await sleep(pace(polls, status === 'pending' || status === 'processing' ? ACTIVE_POLL_MS : IDLE_POLL_MS), signal);
  }
}
