import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { creditsKeys } from '@veo3/platform/credits/credits-api';
import type { CompletedVideo } from '../api/video-api';
import { videoKeys } from '../api/video-keys';
import { toFailureMessage, type FailureMessage } from './generation-failure';
import type { GenerationState } from './generation-state';
import { settleTask } from './poll-video-task';
import { useWatchTask, type SettleOutcome } from './use-watch-task';
import type { FeedItem } from './use-workspace';

/** What watching the card's task told beyond the feed's reading of it. */
interface Watched {
  progress?: string;
  video?: CompletedVideo;
  failure?: FailureMessage;
}

/** The card's state from the feed's reading of its task, or from the request that made it. */
function stateOf(item: FeedItem, watched: Watched): GenerationState {
  const failure = item.request?.failure ?? watched.failure;
  if (failure) return { phase: 'error', failure };
  let video = watched.video ?? null;
  try {
    video ??= item.task && settleTask(item.task);
  } catch (error) {
    return { phase: 'error', failure: toFailureMessage(error) };
  }
  if (video) return { phase: 'success', video };
  const progress = watched.progress ?? item.task?.status_message ?? null;
  return { phase: 'generating', taskId: item.taskId, startedAt: item.startedAt, progress };
}

/**
 * One card's live state: its task is watched while it is made (the tab's event stream, SPEC §9's
 * polling while the stream is down), and its end is told to the feed (`onVideo`) and the balance.
 */
export function useCardState(userId: string | null, item: FeedItem, onVideo: (video: CompletedVideo) => void) {
  const queryClient = useQueryClient();
  const [watched, setWatched] = useState<Watched>({});
  // A poll and an event arriving together settle the task once.
  const settledRef = useRef(false);
  // A new onVideo each render must not restart the watching (and its poll count).
  const onVideoRef = useRef(onVideo);
  useEffect(() => {
    onVideoRef.current = onVideo;
  });
  const state = stateOf(item, watched);

  const settle = useCallback(
    (_taskId: string, outcome: SettleOutcome) => {
      if (settledRef.current) return;
      settledRef.current = true;
      if ('video' in outcome) {
        setWatched({ video: outcome.video });
        onVideoRef.current(outcome.video);
        void queryClient.invalidateQueries({ queryKey: videoKeys.histories() });
      } else {
        setWatched({ failure: toFailureMessage(outcome.error) });
      }
      // A failed or timed-out task is refunded by the server, so the balance may have changed.
      void queryClient.invalidateQueries({ queryKey: creditsKeys.all });
    },
    [queryClient],
  );
  const showProgress = useCallback((progress: string) => setWatched((w) => ({ ...w, progress })), []);

  useWatchTask({
    userId,
    taskId: state.phase === 'generating' ? state.taskId : null,
    since: item.startedAt,
    settle,
    showProgress,
  });
  return state;
}
