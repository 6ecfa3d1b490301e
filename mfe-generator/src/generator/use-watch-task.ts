import { useEffect, useRef } from 'react';
import { taskEvents } from '@veo3/platform/events/task-events';
import { useStreamLiveSince, useTaskEvents, useTaskStreamStatus } from '@veo3/platform/events/use-task-events';
import type { PublicVideoTask as VideoTask } from '@veo3/contracts/video';
import { fetchVideoTask, taskFromEvent, type CompletedVideo } from '../api/video-api';
import { pollVideoTask, settleTask } from './poll-video-task';

/** How a watched task ended: its video, or why it has none. */
export type SettleOutcome = { video: CompletedVideo } | { error: unknown };

export interface WatchedTask {
  userId: string | null;
  /** The task being generated, or null when none is watched. */
  taskId: string | null;
  /** When it was sent (ms since epoch): a connection live since before then missed nothing. */
  since: number;
  settle: (taskId: string, outcome: SettleOutcome) => void;
  showProgress: (progress: string) => void;
}

/**
 * Watches one task until it ends: its events on the tab's task stream, one read after a reconnect,
 * and SPEC §9's polling as the fallback while the stream is not live.
 */
export function useWatchTask(watched: WatchedTask): void {
  const { userId, taskId, settle, showProgress } = watched;

  /** Applies one read of the watched task (an event, or the one status request after a reconnect). */
  const applyTask = (task: VideoTask) => {
    if (!taskId || task.id !== taskId) return;
    let video: CompletedVideo | null;
    try {
      video = settleTask(task);
    } catch (error) {
      return settle(taskId, { error });
    }
    if (video) settle(taskId, { video });
    else if (task.status_message) showProgress(task.status_message);
  };

  useTaskEvents(taskId, (event) => applyTask(taskFromEvent(event)), Boolean(userId && taskId));
  const applyTaskRef = useRef(applyTask);
  useEffect(() => {
    applyTaskRef.current = applyTask;
  });

  useReadAfterReconnect(watched, applyTaskRef);
  usePollWhileStreamDown(watched);
}

/**
 * A connection that became live after the task was sent may have missed its end: the snapshot
 * lists unfinished tasks only, so a task missing from it is read once.
 */
function useReadAfterReconnect(
  { userId, taskId, since }: WatchedTask,
  applyTaskRef: { readonly current: (task: VideoTask) => void },
): void {
  const liveSince = useStreamLiveSince();
  useEffect(() => {
    if (!userId || !taskId || liveSince === null) return;
    if (liveSince <= since || taskEvents.latest(taskId)) return;
    const controller = new AbortController();
    fetchVideoTask(taskId, controller.signal).then(
      (reply) => {
        if (reply.success && reply.data) applyTaskRef.current(reply.data);
      },
      // Its events, or polling once the stream fails, carry on.
      () => undefined,
    );
    return () => controller.abort();
  }, [userId, taskId, since, liveSince, applyTaskRef]);
}

/**
 * While the stream is not live, poll the task. Leaving the page stops polling but keeps the task
 * stored for a resume; each new task (or Try Again, or fallback) starts a fresh poll count.
 */
function usePollWhileStreamDown({ userId, taskId, settle, showProgress }: WatchedTask): void {
  const streamStatus = useTaskStreamStatus();
  // Poll only while the stream cannot tell us: off, or failed and reopening (one poll count across
  // its attempts). The first 'connecting' turns 'live' or 'retrying' within a few seconds.
  const polling = streamStatus === 'off' || streamStatus === 'retrying';
  useEffect(() => {
    if (!userId || !taskId || !polling) return;
    const controller = new AbortController();
    const { signal } = controller;
    pollVideoTask(taskId, { signal, onProgress: showProgress }).then(
      (video) => settle(taskId, { video }),
      (error: unknown) => {
        if (!signal.aborted) settle(taskId, { error });
      },
    );
    return () => controller.abort();
  }, [userId, taskId, polling, settle, showProgress]);
}
