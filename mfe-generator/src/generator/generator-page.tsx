import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useSession } from '@veo3/platform/session/use-session';
import type { FollowUpKind } from './follow-up-actions';
import { GenerateActions } from './generate-actions';
import type { GenerationRequest } from './generation-state';
import { GeneratorAbout } from './generator-about';
import { GeneratorHero } from './generator-hero';
import { GeneratorOptions } from './generator-options';
import { GeneratorResult } from './generator-result';
import { generatorMessages } from './generator.messages';
import { ImageUpload } from './image-upload';
import { ModeTabs } from './mode-tabs';
import { DurationPicker } from './model-picker';
import { PrefillNotice } from './prefill-notice';
import { PromptField } from './prompt-fields';
import { revealIfHidden } from './reveal-if-hidden';
import { useFollowUpHandoff, type FollowUpHandoff } from './use-follow-up-handoff';
import { useGeneration } from './use-generation';
import { useGeneratorForm, type GeneratorForm } from './use-generator-form';
import { useModelChoice, type ModelChoice } from './use-model-choice';
import { useResultReveal } from './use-result-reveal';
import { useTaskPrefill } from './use-task-prefill';
import { validateGeneration, type GenerationIssue } from './validate-generation';
import styles from './generator-page.module.css';

const PROMPT_ISSUES: GenerationIssue['key'][] = ['errorEmptyPrompt', 'errorPromptTooLong'];

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

export default function GeneratorPage() {
  const t = useT(generatorMessages);
  const { user } = useSession();
  const form = useGeneratorForm();
  const { mode, draft, promptRef } = form;
  const choice = useModelChoice(mode, draft);
  const generation = useGeneration(user?.id ?? null);
  const { phase } = generation.state;
  const { resultRef, requestReveal } = useResultReveal(phase);
  const baseId = useId();
  const panelId = `${baseId}-panel`;
  const tabId = (m: typeof mode) => `${baseId}-tab-${m}`;
  const issueId = `${baseId}-issue`;
  const imageInputRef = useRef<HTMLInputElement>(null);
  const noticeLinkRef = useRef<HTMLAnchorElement>(null);
  // History's Edit or Extend of a version: that version is shown with its form open.
  const [handoff, setHandoff] = useState<{ taskId: string; kind: FollowUpKind } | null>(null);

  usePageMeta(t(mode === 'image' ? 'titleImage' : 'titleText'), '/text-to-veo3-video', t('metaDescription'));

  // A reload mid-generation shows the prompt and settings of the task being made, not an empty form.
  const [resumedTaskId] = useState(() => (generation.state.phase === 'generating' ? generation.state.taskId : null));
  const prefill = useTaskPrefill({ resumedTaskId, onFill: form.fill });
  const { show: showVideo } = generation;
  const followUpHandoff = useFollowUpHandoff(
    useCallback(
      ({ video, kind }: FollowUpHandoff) => {
        showVideo(video);
        setHandoff({ taskId: video.id, kind });
        requestReveal();
      },
      [showVideo, requestReveal],
    ),
  );

  const issue = draft.feedback?.mode === mode ? draft.feedback.issue : null;
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
    if (choice.unavailable || prefill.loading) return;
    const request = requestFrom(form, choice);
    const failed = validateGeneration({ ...request, user, cost: choice.cost });
    form.setFeedback(failed && { mode, issue: failed });
    if (failed) return focusFieldOf(failed);
    requestReveal();
    void generation.start(request);
  };

  const notice = prefill.notice ?? followUpHandoff.notice;
  const dismissNotice = prefill.notice ? prefill.dismissNotice : followUpHandoff.dismissNotice;

  return (
    <div className={styles.page}>
      <GeneratorHero />

      <div className={styles.layout}>
        <div className={styles.card}>
          <ModeTabs mode={mode} panelId={panelId} tabId={tabId} onChange={form.switchMode} />
          <form
            id={panelId}
            role="tabpanel"
            aria-labelledby={tabId(mode)}
            aria-busy={prefill.loading || undefined}
            className={styles.form}
            noValidate
            onSubmit={onSubmit}
          >
            {prefill.loading && (
              <p role="status" className={styles.loadingLine}>
                {t('prefillLoading')}
              </p>
            )}
            {notice && <PrefillNotice notice={notice} onDismiss={dismissNotice} />}
            {mode === 'image' && <ImageUpload field={form.image} inputRef={imageInputRef} />}
            <PromptField
              id={`${baseId}-prompt`}
              mode={mode}
              value={draft.prompts[mode]}
              textareaRef={promptRef}
              errorId={issue && PROMPT_ISSUES.includes(issue.key) ? issueId : null}
              onChange={form.setPrompt}
            />
            <GeneratorOptions form={form} choice={choice} baseId={baseId} />
            <GenerateActions
              user={user}
              cost={choice.cost}
              unavailable={choice.unavailable}
              generating={phase === 'generating'}
              loading={prefill.loading}
              issue={issue}
              issueId={issueId}
              noticeLinkRef={noticeLinkRef}
              costChoice={
                choice.perSecond && (
                  <DurationPicker
                    durations={choice.model.durations}
                    seconds={choice.seconds}
                    onChange={form.setSeconds}
                  />
                )
              }
            />
          </form>
        </div>
        <GeneratorResult
          generation={generation}
          user={user}
          options={choice.options}
          handoff={handoff}
          seconds={choice.seconds}
          resultRef={resultRef}
          onFollowUp={requestReveal}
        />
        <GeneratorAbout baseId={baseId} model={choice.model} shape={choice.shape} seconds={choice.seconds} />
      </div>
    </div>
  );
}
