import { useCallback } from 'react';
import { useFollowUpHandoff, type FollowUpHandoff } from './use-follow-up-handoff';
import type { GeneratorForm } from './use-generator-form';
import { useLoginDraft } from './use-login-draft';
import { useTaskPrefill } from './use-task-prefill';
import type { Workspace } from './use-workspace';

/**
 * What fills the page besides the user: History's Reuse or Remix and a card's Reuse (into the form),
 * the draft kept across sign-in (`keepDraft` for the Login link), and History's Edit or Extend (a
 * card with its form open), with the notice saying so.
 */
export function useFormSources(
  form: GeneratorForm,
  workspace: Workspace,
  sessionKnown: boolean,
  onHandoff: () => void,
) {
  const prefill = useTaskPrefill({ onFill: form.fill });
  const loginDraft = useLoginDraft(form, sessionKnown);
  const { show } = workspace;
  const followUpHandoff = useFollowUpHandoff(
    useCallback(
      ({ video, kind }: FollowUpHandoff) => {
        show(video, kind);
        onHandoff();
      },
      [show, onHandoff],
    ),
  );

  // One notice at a time: a Reuse's, else the kept draft's, else History's hand-off's.
  const shown = [prefill, loginDraft, followUpHandoff].find((source) => source.notice) ?? followUpHandoff;
  return {
    loading: prefill.loading,
    notice: shown.notice,
    dismissNotice: shown.dismissNotice,
    reuse: prefill.reuse,
    keepDraft: loginDraft.keep,
  };
}
