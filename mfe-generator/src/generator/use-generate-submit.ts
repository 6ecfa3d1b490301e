import { useEffect, useRef, type FormEvent } from 'react';
import type { PublicUser as User } from '@veo3/contracts/auth';
import type { GenerationRequest } from './generation-state';
import { revealBox } from './reveal-if-hidden';
import type { GeneratorForm } from './use-generator-form';
import type { ModelChoice } from './use-model-choice';
import type { Workspace } from './use-workspace';
import { parseSeed, validateGeneration, type GenerationIssue } from './validate-generation';

export const PROMPT_ISSUES: GenerationIssue['key'][] = ['errorEmptyPrompt', 'errorPromptTooLong'];

export interface GenerateSubmitOptions {
  form: GeneratorForm;
  choice: ModelChoice;
  user: User | null;
  workspace: Workspace;
  /** The form is being filled from a task: Generate waits for it. */
  loading: boolean;
  /** The id of the message line next to Generate. */
  issueId: string;
  /** The seed field's id, focused when the seed is refused. */
  seedId: string;
  /** Called as a valid request is sent, so its progress is brought into view. */
  onStart: () => void;
  /** The shared video Generate remixes, and what ends the remix once the server made it. */
  remix?: { remixOf: string | null; onMade: () => void };
}

/** Each tab sends only its own fields: images from the image tab, the negative prompt from the text tab (SPEC §2). */
function requestFrom(
  { mode, draft, image, lastFrame, references }: GeneratorForm,
  choice: ModelChoice,
  remixOf: string | null,
): GenerationRequest {
  const { model, shape, choices, sentSeconds, variations, takesSeed, referenceImages, compare } = choice;
  return {
    mode,
    model,
    compare: compare.on ? compare.models : null,
    prompt: draft.prompts[mode],
    shape,
    negativePrompt: mode === 'text' && choices.negativePrompt ? draft.negativePrompt : '',
    image: mode === 'image' ? image.file : null,
    lastFrame: mode === 'image' && choices.lastFrame ? lastFrame.file : null,
    duration: sentSeconds,
    referenceImages: references.files.slice(0, referenceImages),
    variations,
    seed: takesSeed ? parseSeed(draft.seed) : null,
    remixOf,
  };
}

/** Generate: checks the request, says and focuses what is wrong, or sends it. */
export function useGenerateSubmit({
  form,
  choice,
  user,
  workspace,
  loading,
  issueId,
  seedId,
  onStart,
  remix,
}: GenerateSubmitOptions) {
  const { mode, draft, promptRef } = form;
  const imageInputRef = useRef<HTMLInputElement>(null);
  const noticeLinkRef = useRef<HTMLAnchorElement>(null);

  // A refusal is said next to Generate: scroll only as far as that line needs (the button itself may
  // sit at the screen's edge), so the form and the notice above it stay in view.
  useEffect(() => {
    if (draft.feedback) revealBox(document.getElementById(issueId));
  }, [draft.feedback, issueId]);

  const focusFieldOf = (failed: GenerationIssue) => {
    if (PROMPT_ISSUES.includes(failed.key)) promptRef.current?.focus();
    else if (failed.key === 'errorImageRequired') imageInputRef.current?.focus();
    else if (failed.key === 'compareTooFew' || failed.key === 'compareNoShape') return;
    else if (failed.key === 'errorSeed') {
      form.setAdvancedOpen(true);
      requestAnimationFrame(() => document.getElementById(seedId)?.focus());
    } else noticeLinkRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (choice.unavailable || loading) return;
    const request = requestFrom(form, choice, remix?.remixOf ?? null);
    const seed = choice.takesSeed ? form.draft.seed : '';
    const failed = validateGeneration({
      ...request,
      user,
      cost: choice.total,
      seed,
      modelName: choice.model.name,
      compareIssue: choice.compare.issue,
    });
    form.setFeedback(failed && { mode, issue: failed });
    if (failed) return focusFieldOf(failed);
    onStart();
    void workspace.start(request, request.remixOf ? remix?.onMade : undefined);
  };

  const issue = draft.feedback?.mode === mode ? draft.feedback.issue : null;
  return { onSubmit, issue, imageInputRef, noticeLinkRef };
}
