import { useCallback } from 'react';
import { useShareRemix } from '../share/use-share-remix';
import { useFollowUpHandoff, type FollowUpHandoff } from './use-follow-up-handoff';
import type { GeneratorForm } from './use-generator-form';
import { useLoginDraft } from './use-login-draft';
import { useTaskPrefill } from './use-task-prefill';
import type { Workspace } from './use-workspace';

/**
 * What fills the page besides the user: History's Reuse or Remix, a card's Reuse and a shared video's
 * "Make one like this" (into the form),
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
  const remix = useShareRemix({ onFill: form.fillFromShare, draftRestored: loginDraft.restored });
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

  // One notice at a time: a Reuse's, else a shared video's remix, else the kept draft's, else History's hand-off's.
  const remixNotice = { notice: remix.notice, dismissNotice: remix.end };
  const shown = [prefill, remixNotice, loginDraft, followUpHandoff].find((source) => source.notice) ?? followUpHandoff;
  return {
    loading: prefill.loading || remix.loading,
    notice: shown.notice,
    dismissNotice: shown.dismissNotice,
    /** The shared video Generate remixes ("Make one like this"), and what ends the remix once it is made. */
    remixOf: remix.remixOf,
    endRemix: remix.end,
    reuse: prefill.reuse,
    keepDraft: loginDraft.keep,
  };
}
