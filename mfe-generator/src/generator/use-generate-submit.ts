import { useEffect, useRef, type FormEvent } from 'react';
import type { PublicUser as User } from '@veo3/contracts/auth';
import type { GenerationRequest } from './generation-state';
import { revealIfHidden } from './reveal-if-hidden';
import type { Generation } from './use-generation';
import type { GeneratorForm } from './use-generator-form';
import type { ModelChoice } from './use-model-choice';
import { validateGeneration, type GenerationIssue } from './validate-generation';

export const PROMPT_ISSUES: GenerationIssue['key'][] = ['errorEmptyPrompt', 'errorPromptTooLong'];

export interface GenerateSubmitOptions {
  form: GeneratorForm;
  choice: ModelChoice;
  user: User | null;
  generation: Generation;
  /** The form is being filled from a task: Generate waits for it. */
  loading: boolean;
  /** The id of the message line next to Generate. */
  issueId: string;
  /** Called as a valid request is sent, so its progress is brought into view. */
  onStart: () => void;
}

/** Each tab sends only its own fields: images from the image tab, the negative prompt from the text tab (SPEC §2). */
function requestFrom(
  { mode, draft, image, lastFrame, references }: GeneratorForm,
  choice: ModelChoice,
): GenerationRequest {
  const { model, shape, choices, perSecond, seconds } = choice;
  return {
    mode,
    model,
    prompt: draft.prompts[mode],
    shape,
    negativePrompt: mode === 'text' && choices.negativePrompt ? draft.negativePrompt : '',
    image: mode === 'image' ? image.file : null,
    lastFrame: mode === 'image' && choices.lastFrame ? lastFrame.file : null,
    duration: perSecond ? seconds : null,
    referenceImages: perSecond ? references.files : [],
  };
}

/** Generate: checks the request, says and focuses what is wrong, or sends it. */
export function useGenerateSubmit({
  form,
  choice,
  user,
  generation,
  loading,
  issueId,
  onStart,
}: GenerateSubmitOptions) {
  const { mode, draft, promptRef } = form;
  const imageInputRef = useRef<HTMLInputElement>(null);
  const noticeLinkRef = useRef<HTMLAnchorElement>(null);

  // A refusal is said next to Generate: keep that line in view (the button itself may sit at the screen's edge).
  useEffect(() => {
    if (draft.feedback) revealIfHidden(document.getElementById(issueId));
  }, [draft.feedback, issueId]);

  const focusFieldOf = (failed: GenerationIssue) => {
    if (PROMPT_ISSUES.includes(failed.key)) promptRef.current?.focus();
    else if (failed.key === 'errorImageRequired') imageInputRef.current?.focus();
    else noticeLinkRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (choice.unavailable || loading) return;
    const request = requestFrom(form, choice);
    const failed = validateGeneration({ ...request, user, cost: choice.cost });
    form.setFeedback(failed && { mode, issue: failed });
    if (failed) return focusFieldOf(failed);
    onStart();
    void generation.start(request);
  };

  const issue = draft.feedback?.mode === mode ? draft.feedback.issue : null;
  return { onSubmit, issue, imageInputRef, noticeLinkRef };
}
