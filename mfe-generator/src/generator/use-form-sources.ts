import { useCallback, useState } from 'react';
import type { FollowUpKind } from './follow-up-actions';
import { useFollowUpHandoff, type FollowUpHandoff } from './use-follow-up-handoff';
import type { Generation } from './use-generation';
import type { GeneratorForm } from './use-generator-form';
import { useTaskPrefill } from './use-task-prefill';

/**
 * What fills the page besides the user: the task being made after a reload, History's Reuse or
 * Remix (into the form), and History's Edit or Extend (into the result), with the notice saying so.
 */
export function useFormSources(form: GeneratorForm, generation: Generation, onHandoff: () => void) {
  // History's Edit or Extend of a version: that version is shown with its form open.
  const [handoff, setHandoff] = useState<{ taskId: string; kind: FollowUpKind } | null>(null);
  // A reload mid-generation shows the prompt and settings of the task being made, not an empty form.
  const [resumedTaskId] = useState(() => (generation.state.phase === 'generating' ? generation.state.taskId : null));
  const prefill = useTaskPrefill({ resumedTaskId, onFill: form.fill });
  const { show: showVideo } = generation;
  const followUpHandoff = useFollowUpHandoff(
    useCallback(
      ({ video, kind }: FollowUpHandoff) => {
        showVideo(video);
        setHandoff({ taskId: video.id, kind });
        onHandoff();
      },
      [showVideo, onHandoff],
    ),
  );

  return {
    handoff,
    loading: prefill.loading,
    notice: prefill.notice ?? followUpHandoff.notice,
    dismissNotice: prefill.notice ? prefill.dismissNotice : followUpHandoff.dismissNotice,
  };
}
