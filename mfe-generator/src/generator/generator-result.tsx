import type { RefObject } from 'react';
import type { PublicUser as User } from '@veo3/contracts/auth';
import type { CompletedVideo } from '../api/video-api';
import { canFollowUp } from './follow-up';
import type { FollowUpKind } from './follow-up-actions';
import type { FollowUp } from './generation-state';
import { omniPerSecond } from './model-options';
import { ResultPreview } from './result-preview';
import type { Generation } from './use-generation';
import type { ModelChoice } from './use-model-choice';

export interface GeneratorResultProps {
  generation: Generation;
  user: User | null;
  options: ModelChoice['options'];
  /** History's Edit or Extend of a version: that version is shown with its form open. */
  handoff: { taskId: string; kind: FollowUpKind } | null;
  /** The length of the video the form would make. */
  seconds: number;
  resultRef: RefObject<HTMLElement | null>;
  /** Called as a follow-up is sent, so its progress is brought into view. */
  onFollowUp: () => void;
}

/** The result area, with Edit and Extend offered for a finished Omni video the user can pay for. */
export function GeneratorResult({
  generation,
  user,
  options,
  handoff,
  seconds,
  resultRef,
  onFollowUp,
}: GeneratorResultProps) {
  const followUpFor = (video: CompletedVideo) =>
    user && canFollowUp(video) && options?.models.omni?.editable !== false
      ? {
          perSecond: omniPerSecond(options),
          credits: user.credits,
          initialAction: handoff?.taskId === video.id ? handoff.kind : null,
          onSubmit: (action: FollowUp) => {
            onFollowUp();
            void generation.followUp(video, action);
          },
        }
      : null;

  return (
    <ResultPreview
      state={generation.state}
      onReset={generation.reset}
      followUpFor={followUpFor}
      seconds={seconds}
      sectionRef={resultRef}
    />
  );
}
