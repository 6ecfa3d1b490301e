import { useCallback } from 'react';
import type { PublicUser as User } from '@veo3/contracts/auth';
import type { Resolution } from '@veo3/contracts/generation-options';
import type { PublicVideoTask } from '@veo3/contracts/video';
import type { CompletedVideo } from '../api/video-api';
import { canFollowUp, followUpPerSecond } from './follow-up';
import { offeredModels } from './offered-models';
import type { FollowUp } from './generation-state';
import { omniPerSecond } from './model-options';
import type { TaskCardProps } from './task-card';
import type { GeneratorForm } from './use-generator-form';
import type { ModelChoice } from './use-model-choice';
import type { FeedItem, Workspace } from './use-workspace';

export interface FeedActionsOptions {
  form: GeneratorForm;
  choice: ModelChoice;
  user: User | null;
  workspace: Workspace;
  /** Fills the form from a task (its prompt, settings, pictures and seed). */
  reuse: (taskId: string) => void;
  /** Called as a follow-up is sent, so its card is brought into view. */
  onFollowUp: () => void;
}

/** What the feed's cards do to the page: Reuse and Try Again fill the form, Generate New goes to it, Edit/Extend send. */
export function useFeedActions({ form, choice, user, workspace, reuse, onFollowUp }: FeedActionsOptions) {
  const { promptRef } = form;
  const toPrompt = useCallback(() => {
    promptRef.current?.focus({ preventScroll: true });
    promptRef.current?.scrollIntoView({ block: 'center' });
  }, [promptRef]);

  const onReuse = useCallback(
    (task: PublicVideoTask) => {
      reuse(task.id);
      toPrompt();
    },
    [reuse, toPrompt],
  );

  // A refused request's card goes (the form still holds what was sent); a failed task's settings come back.
  const onRetry = useCallback(
    (item: FeedItem) => {
      if (item.taskId) reuse(item.taskId);
      else workspace.dismiss(item.key);
      toPrompt();
    },
    [reuse, toPrompt, workspace],
  );

  const { options } = choice;
  const catalogue = offeredModels(options);
  const followUpFor: TaskCardProps['followUpFor'] = (video: CompletedVideo) =>
    user && canFollowUp(video, catalogue)
      ? {
          perSecond: followUpPerSecond(video, catalogue, omniPerSecond(options)),
          credits: user.credits,
          extendInstruction: catalogue.find((model) => model.id === video.model)?.extend_instruction === true,
          initialAction: workspace.handoff?.taskId === video.id ? workspace.handoff.kind : null,
          onSubmit: (action: FollowUp) => {
            onFollowUp();
            void workspace.followUp(video, action);
          },
        }
      : null;

  const { remake } = workspace;
  const onRemake = useCallback(
    (task: PublicVideoTask, resolution: Resolution) => {
      onFollowUp();
      void remake(task, resolution);
    },
    [remake, onFollowUp],
  );

  return { onReuse, onRetry, onGenerateNew: toPrompt, followUpFor, onRemake };
}
