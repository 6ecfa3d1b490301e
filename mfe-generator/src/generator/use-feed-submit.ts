import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { creditsKeys } from '@veo3/platform/credits/credits-api';
import { sessionStore } from '@veo3/platform/session/session-store';
import type { ErrorReply } from '@veo3/contracts/envelope';
import type { GenerateReply } from '@veo3/contracts/video';
import {
  GenerationFailure,
  isTooManyActive,
  requestErrorFailure,
  requestFailure,
  toFailureMessage,
  type FailureMessage,
} from './generation-failure';

/** A request on its way, or its tasks until the feed lists them, or its refusal before any task existed. */
export interface SentRequest {
  /** The task's id once the server answered; the request's own key until then. */
  key: string;
  taskId: string | null;
  prompt: string;
  startedAt: number;
  failure: FailureMessage | null;
  /** The model making it, when known before the server lists the task (a comparison's). */
  model: string | null;
  /** The comparison it belongs to (its request's key), shown side by side with the others; null otherwise. */
  group: string | null;
}

/** A comparison's tasks, by task id: the comparison (its request's key) and the model's place in it. */
export type CompareGroups = ReadonlyMap<string, { group: string; index: number }>;

/** What a request is for: a comparison names its models, in the order its tasks come back. */
export interface RequestMeta {
  model?: string;
  compare?: readonly string[];
  /** A refusal the page says itself, beside its form (an effect's 400 or 402): no card is left for it. */
  saysRefusal?: (error: unknown) => boolean;
}

let nextKey = 0;

/**
 * Sends requests that make tasks (generations, edits, extensions), any number at once: each is a card
 * at the top of the feed at once, then one card per task made (variations), or a refusal on its card.
 * The server's refusal of one more while `max_active` are made is said by Generate instead (`tooMany`).
 */
export function useFeedSubmit(userId: string | null, onTasksMade: () => void) {
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<{ owner: string | null; requests: SentRequest[] }>({ owner: userId, requests: [] });
  const [tooMany, setTooMany] = useState(false);
  const [groups, setGroups] = useState<{ owner: string | null; tasks: CompareGroups }>({
    owner: userId,
    tasks: new Map(),
  });
  // The user the page shows, or null once it has gone: a late answer only updates the cards it belongs to.
  const shownUserRef = useRef<string | null>(null);
  useEffect(() => {
    shownUserRef.current = userId;
    return () => {
      shownUserRef.current = null;
    };
  }, [userId]);

  const replace = useCallback(
    (key: string, next: SentRequest[]) => {
      if (shownUserRef.current !== userId) return;
      setSent((current) => ({
        owner: userId,
        requests: (current.owner === userId ? current.requests : []).flatMap((r) => (r.key === key ? next : [r])),
      }));
    },
    [userId],
  );

  const rememberGroup = useCallback(
    (group: string, taskIds: readonly string[]) => {
      if (shownUserRef.current !== userId) return;
      setGroups((current) => {
        const tasks = new Map(current.owner === userId ? current.tasks : []);
        taskIds.forEach((taskId, index) => tasks.set(taskId, { group, index }));
        return { owner: userId, tasks };
      });
    },
    [userId],
  );

  const submit = useCallback(
    async (
      prompt: string,
      send: () => Promise<GenerateReply | ErrorReply>,
      onAccepted: () => void,
      meta: RequestMeta = {},
    ) => {
      if (!userId) return;
      const request: SentRequest = {
        key: `request-${++nextKey}`,
        taskId: null,
        prompt,
        startedAt: Date.now(),
        failure: null,
        model: meta.model ?? null,
        group: meta.compare ? `request-${nextKey}` : null,
      };
      setTooMany(false);
      setSent((current) => ({
        owner: userId,
        requests: [request, ...(current.owner === userId ? current.requests : [])],
      }));
      const fail = (error: GenerationFailure) =>
        replace(request.key, [{ ...request, failure: toFailureMessage(error) }]);

      let reply: GenerateReply | ErrorReply;
      try {
        // Deliberately not aborted with the page: once the server answers, the credits are spent.
        reply = await send();
      } catch (error) {
        if (meta.saysRefusal?.(error)) return replace(request.key, []);
        if (!isTooManyActive(error)) return fail(requestErrorFailure(error));
        replace(request.key, []);
        return setTooMany(true);
      }
      if (!reply.success) return fail(requestFailure(reply.message, undefined, true));
      const taskIds = reply.data?.taskIds?.length ? reply.data.taskIds : [reply.data?.taskId].filter(Boolean);
      if (!taskIds.length) return fail(new GenerationFailure('errorNoTaskId'));

      const credits = reply.data?.remainingCredits;
      if (typeof credits === 'number') sessionStore.updateUser({ credits });
      void queryClient.invalidateQueries({ queryKey: creditsKeys.all });
      onAccepted();
      const models = meta.compare ?? [];
      if (request.group) rememberGroup(request.group, taskIds);
      replace(
        request.key,
        taskIds.map((taskId, index) => ({ ...request, key: taskId, taskId, model: models[index] ?? request.model })),
      );
      onTasksMade();
    },
    [userId, queryClient, replace, rememberGroup, onTasksMade],
  );

  const dismiss = useCallback((key: string) => replace(key, []), [replace]);
  return {
    requests: sent.owner === userId ? sent.requests : [],
    /** This page's comparisons, kept once the feed lists their tasks. */
    groups: groups.owner === userId ? groups.tasks : (new Map() as CompareGroups),
    submit,
    dismiss,
    tooMany,
    clearTooMany: useCallback(() => setTooMany(false), []),
  };
}
