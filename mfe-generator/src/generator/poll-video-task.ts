import { ApiError } from '@veo3/platform/api/api-client';
import { fetchVideoTask, type CompletedVideo, type VideoTask } from '../api/video-api';
import { GenerationFailure } from './generation-failure';

/** SPEC §9: poll every 3 s while pending or processing, 5 s otherwise or after errors, at most 120 times. */
export const MAX_POLLS = 120;
export const ACTIVE_POLL_MS = 3_000;
export const IDLE_POLL_MS = 5_000;

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

export interface PollOptions {
  signal: AbortSignal;
  /** The task's status_message, each time a poll brings one. */
  onProgress: (message: string) => void;
}

/**
 * Polls a task until it completes (resolves with the finished task), fails, or the poll budget runs
 * out; every failure is a GenerationFailure carrying its SPEC §8 message. Rejects with the abort
 * reason once `signal` aborts.
 */
export async function pollVideoTask(taskId: string, { signal, onProgress }: PollOptions): Promise<CompletedVideo> {
  for (let polls = 1; ; polls++) {
    let task: VideoTask | undefined;
    try {
      const reply = await fetchVideoTask(taskId, signal);
      task = reply.success ? reply.data : undefined;
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof ApiError) throw new GenerationFailure('errorStatusFailed');
      // A network failure (after the API client's own retries) is retried until the budget runs out.
      if (polls >= MAX_POLLS) throw new GenerationFailure('errorNetwork');
      await sleep(IDLE_POLL_MS, signal);
      continue;
    }
    signal.throwIfAborted();
    if (!task) throw new GenerationFailure('errorStatusFailed');

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
    if (task.status_message) onProgress(task.status_message);
    if (polls >= MAX_POLLS) throw new GenerationFailure('errorTimedOut');
    await sleep(status === 'pending' || status === 'processing' ? ACTIVE_POLL_MS : IDLE_POLL_MS, signal);
  }
}
