import { useCallback, useMemo, useState } from 'react';
import { trackEvent, trackGeneratePrompt } from '@veo3/platform/analytics/analytics';
import type { PublicVideoTask } from '@veo3/contracts/video';
import type { Resolution } from '@veo3/contracts/generation-options';
import { editVideo, extendVideo, generateVideo, remakeVideo, type CompletedVideo } from '../api/video-api';
import type { FollowUpKind } from './follow-up-actions';
import type { FollowUp, GenerationRequest } from './generation-state';
import { useFeedSubmit, type CompareGroups, type SentRequest } from './use-feed-submit';
import { useTaskFeed } from './use-task-feed';

/** One card of the feed: a task the server knows, or a request of this page (being sent, or refused). */
export interface FeedItem {
  key: string;
  taskId: string | null;
  prompt: string;
  startedAt: number;
  /** The task as last read; null until the feed lists it. */
  task: PublicVideoTask | null;
  request: SentRequest | null;
  /** The model making it, from the task or (before the feed lists it) the comparison's request. */
  model: string | null;
  /** The comparison it belongs to (its cards sit side by side), with its place there; null otherwise. */
  group: string | null;
  groupIndex: number;
}

/**
 * The comparison a listed task belongs to: one this page sent, else a batch whose tasks are of
 * different models (a comparison sent elsewhere; a batch of one model is its variations).
 */
function groupOf(task: PublicVideoTask, groups: CompareGroups, tasks: readonly PublicVideoTask[]) {
  const known = groups.get(task.id);
  if (known) return known;
  if (!task.batch_id) return null;
  const batch = tasks.filter((other) => other.batch_id === task.batch_id);
  if (new Set(batch.map((other) => other.model)).size < 2) return null;
  return { group: `batch-${task.batch_id}`, index: batch.findIndex((other) => other.id === task.id) };
}

/**
 * The generator's workspace for the signed-in `userId`: the feed of their recent tasks with this
 * page's requests on top, sending generations and follow-ups (several at once), and History's
 * hand-off of a version to edit or extend.
 */
export function useWorkspace(userId: string | null, optionsMaxActive: number | undefined) {
  const feed = useTaskFeed(userId, optionsMaxActive);
  const sender = useFeedSubmit(userId, feed.reload);
  // History's Edit or Extend of a version: that card opens with its form.
  const [handoff, setHandoff] = useState<{ taskId: string; kind: FollowUpKind } | null>(null);
  const { submit } = sender;

  const items = useMemo<FeedItem[]>(() => {
    const listed = new Set(feed.tasks.map((task) => task.id));
    const requests = sender.requests
      .filter((request) => !request.taskId || !listed.has(request.taskId))
      .map((request) => ({
        ...request,
        task: null,
        request,
        groupIndex: (request.taskId ? sender.groups.get(request.taskId)?.index : undefined) ?? 0,
      }));
    const tasks = feed.tasks.map((task) => {
      const group = groupOf(task, sender.groups, feed.tasks);
      return {
        key: task.id,
        taskId: task.id,
        prompt: task.prompt,
        startedAt: Date.parse(task.created_at),
        task,
        request: null,
        model: task.model,
        group: group?.group ?? null,
        groupIndex: group?.index ?? 0,
      };
    });
    return [...requests, ...tasks];
  }, [feed.tasks, sender.requests, sender.groups]);

  const start = useCallback(
    (request: GenerationRequest, onAccepted?: () => void) =>
      submit(
        request.prompt,
        () =>
          generateVideo({
            prompt: request.prompt,
            model: request.model.id,
            compare: request.compare?.map((model) => model.id),
            aspectRatio: request.shape.aspectRatio,
            resolution: request.shape.resolution,
            negativePrompt: request.negativePrompt,
            image: request.image,
            lastFrame: request.lastFrame,
            duration: request.duration,
            referenceImages: request.referenceImages,
            variations: request.variations,
            seed: request.seed,
            remixOf: request.remixOf,
          }),
        () => {
          trackEvent('generate_video', { type: `${request.mode}_to_video` });
          trackGeneratePrompt({ mode: request.mode, model: request.model.id, prompt: request.prompt });
          onAccepted?.();
        },
        { model: request.model.id, compare: request.compare?.map((model) => model.id) },
      ),
    [submit],
  );

  const remake = useCallback(
    (task: PublicVideoTask, resolution: Resolution) =>
      submit(
        task.prompt,
        () => remakeVideo(task.id, resolution),
        () => trackEvent('remake_video', { model: task.model, resolution }),
        { model: task.model },
      ),
    [submit],
  );

  const followUp = useCallback(
    (base: CompletedVideo, action: FollowUp) =>
      submit(
        action.kind === 'edit' ? action.instruction : (action.instruction ?? base.prompt),
        () =>
          action.kind === 'edit'
            ? editVideo(base.id, action.instruction)
            : extendVideo(base.id, action.seconds, action.instruction),
        () => trackEvent(`${action.kind}_video`, { model: base.model }),
      ),
    [submit],
  );

  const { put } = feed;
  const show = useCallback(
    (video: CompletedVideo, kind: FollowUpKind) => {
      put(video);
      setHandoff({ taskId: video.id, kind });
    },
    [put],
  );

  return {
    items,
    /** Generations being made, counting requests and tasks the feed does not list yet. */
    active: feed.active + items.filter((item) => item.request && !item.request.failure).length,
    maxActive: feed.maxActive,
    loading: feed.loading,
    loadFailed: feed.loadFailed,
    handoff,
    tooMany: sender.tooMany,
    clearTooMany: sender.clearTooMany,
    dismiss: sender.dismiss,
    put,
    reload: feed.reload,
    start,
    followUp,
    remake,
    show,
  };
}

export type Workspace = ReturnType<typeof useWorkspace>;
