import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { creditsKeys } from '@veo3/platform/credits/credits-api';
import { useNavigate } from '@veo3/platform/routing/router';
import { sessionStore } from '@veo3/platform/session/session-store';
import type { Resolution } from '@veo3/contracts/generation-options';
import type { PublicVideoTask } from '@veo3/contracts/video';
import { remakeVideo } from '../api/video-api';
import {
  GenerationFailure,
  requestErrorFailure,
  requestFailure,
  toFailureMessage,
  type FailureMessage,
} from '../generator/generation-failure';
import { generatorUrl } from './task-handoff';

/**
 * History's "Make in full quality": sends the remake, then opens the generator, whose feed shows the
 * new video being made; a refusal is said on the card (`failure`), nothing having been charged.
 */
export function useHistoryRemake() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState<string | null>(null);
  const [failed, setFailed] = useState<{ taskId: string; failure: FailureMessage } | null>(null);

  const remake = async (task: PublicVideoTask, resolution: Resolution) => {
    setSending(task.id);
    setFailed(null);
    try {
      const reply = await remakeVideo(task.id, resolution);
      if (!reply.success) throw requestFailure(reply.message, undefined, true);
      sessionStore.updateUser({ credits: reply.data.remainingCredits });
      void queryClient.invalidateQueries({ queryKey: creditsKeys.all });
      void navigate(generatorUrl(task));
    } catch (error) {
      const failure = error instanceof GenerationFailure ? error : requestErrorFailure(error);
      setFailed({ taskId: task.id, failure: toFailureMessage(failure) });
    } finally {
      setSending(null);
    }
  };

  return {
    remake,
    /** The task whose remake is on its way, if any. */
    sending,
    failureFor: (taskId: string) => (failed?.taskId === taskId ? failed.failure : null),
    dismiss: () => setFailed(null),
  };
}

export type HistoryRemake = ReturnType<typeof useHistoryRemake>;
