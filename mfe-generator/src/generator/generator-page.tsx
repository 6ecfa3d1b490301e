import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useSession } from '@veo3/platform/session/use-session';
import { MAX_NEGATIVE_PROMPT_LENGTH, type VideoShape } from '@veo3/contracts/generation-options';
import { VIDEO_DURATION_SECONDS } from '@veo3/contracts/catalogue';
import { MAX_REFERENCE_IMAGES } from '@veo3/contracts/video';
import type { CompletedVideo } from '../api/video-api';
import { AdvancedOptions } from './advanced-options';
import { FormatPicker } from './format-picker';
import { GenerateActions } from './generate-actions';
import { GeneratorHero } from './generator-hero';
import { GenerationDetails } from './generation-details';
import { generatorMessages } from './generator.messages';
import { ImageUpload } from './image-upload';
import { canFollowUp } from './follow-up';
import type { FollowUpKind } from './follow-up-actions';
import { DurationPicker, ModelPicker } from './model-picker';
import {
  defaultFamily,
  generationCost,
  modelDuration,
  modelFor,
  omniOffered,
  omniPerSecond,
  type GenerationMode,
  type ModelFamily,
} from './model-options';
import { ReferenceImages } from './reference-images';
import { ModeTabs } from './mode-tabs';
import { PrefillNotice } from './prefill-notice';
import { NegativePromptField, PromptField } from './prompt-fields';
import { ResultPreview } from './result-preview';
import { revealIfHidden } from './reveal-if-hidden';
import { useFollowUpHandoff, type FollowUpHandoff } from './use-follow-up-handoff';
import { useGeneration } from './use-generation';
import { useGenerationMode } from './use-generation-mode';
import { useImageField } from './use-image-field';
import { useImageList } from './use-image-list';
import { useTaskPrefill, type TaskPrefill } from './use-task-prefill';
import { useVideoOptions } from './use-video-options';
import { validateGeneration, type GenerationIssue } from './validate-generation';
import { allowedShape, DEFAULT_SHAPE, formatChoices } from './video-format';
import styles from './generator-page.module.css';

/** The check the Generate button last failed, tied to the mode it was pressed in. */
interface Feedback {
  mode: GenerationMode;
  issue: GenerationIssue;
}

const PROMPT_ISSUES: GenerationIssue['key'][] = ['errorEmptyPrompt', 'errorPromptTooLong'];

export default function GeneratorPage() {
  const t = useT(generatorMessages);
  const { user } = useSession();
  const [mode, setMode] = useGenerationMode();
  // Each tab keeps its own draft, and both start empty: the sample is a placeholder and 'Use example'.
  const [prompts, setPrompts] = useState<Record<GenerationMode, string>>({ text: '', image: '' });
  const image = useImageField();
  const lastFrame = useImageField();
  const references = useImageList(MAX_REFERENCE_IMAGES);
  // The model the user chose; until then the default for the tab and what the server offers.
  const [chosenFamily, setFamily] = useState<ModelFamily | null>(null);
  const [chosenSeconds, setSeconds] = useState(VIDEO_DURATION_SECONDS);
  // History's Edit or Extend of a version: that version is shown with its form open.
  const [handoff, setHandoff] = useState<{ taskId: string; kind: FollowUpKind } | null>(null);
  const [negativePrompt, setNegativePrompt] = useState('');
  const [chosenShape, setShape] = useState<VideoShape>(DEFAULT_SHAPE);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  // Bumped to focus the prompt with its text selected (a remix: the user says what to change).
  const [selectPrompt, setSelectPrompt] = useState(0);
  const options = useVideoOptions();
  const offersOmni = omniOffered(options);
  const family: ModelFamily = offersOmni ? (chosenFamily ?? defaultFamily(mode, options)) : 'veo';
  const model = modelFor(mode, family);
  const perSecond = model.perSecond !== null;
  const seconds = modelDuration(model, chosenSeconds);
  const choices = formatChoices(options);
  // What was chosen, moved to the nearest format the provider makes (its options may load after a choice).
  const shape = allowedShape(choices, chosenShape);
  const availability = options?.models[model.apiPath];
  const unavailable = availability?.available === false;
  const cost = generationCost(model, shape.resolution, seconds, options);
  const generation = useGeneration(user?.id ?? null);
  const { phase } = generation.state;
  const generating = phase === 'generating';
  const baseId = useId();
  const panelId = `${baseId}-panel`;
  const tabId = (m: GenerationMode) => `${baseId}-tab-${m}`;
  const promptId = `${baseId}-prompt`;
  const negativeId = `${baseId}-negative`;
  const issueId = `${baseId}-issue`;
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const imageInputRef = useRef<HTMLInputElement>(null);
  const noticeLinkRef = useRef<HTMLAnchorElement>(null);
  const resultRef = useRef<HTMLElement>(null);
  // Set by Generate: the result is brought into view as it changes, until the generation ends.
  const revealPending = useRef(false);

  usePageMeta(t(mode === 'image' ? 'titleImage' : 'titleText'), '/text-to-veo3-video', t('metaDescription'));

  const { pick: pickImage } = image;
  const { pick: pickLastFrame } = lastFrame;
  const { pick: pickReferences, clear: clearReferences } = references;
  const fill = useCallback(
    async ({ task, mode: taskMode, image: first, lastFrame: last, referenceImages, remix }: TaskPrefill) => {
      setMode(taskMode);
      const omni = task.model === 'omni';
      setFamily(omni ? 'omni' : 'veo');
      if (omni) setSeconds(task.duration_s);
      clearReferences();
      setPrompts((all) => ({ ...all, [taskMode]: task.prompt }));
      setShape({ aspectRatio: task.aspect_ratio, resolution: task.resolution });
      const negative = taskMode === 'text' ? (task.negative_prompt ?? '') : '';
      setNegativePrompt(negative);
      if (negative || last || referenceImages.length) setAdvancedOpen(true);
      await Promise.all([
        first && pickImage(first),
        last && pickLastFrame(last),
        referenceImages.length && pickReferences(referenceImages),
      ]);
      if (remix) setSelectPrompt((n) => n + 1);
    },
    [setMode, pickImage, pickLastFrame, pickReferences, clearReferences],
  );
  // A reload mid-generation shows the prompt and settings of the task being made, not an empty form.
  const [resumedTaskId] = useState(() => (generation.state.phase === 'generating' ? generation.state.taskId : null));
  const prefill = useTaskPrefill({ resumedTaskId, onFill: fill });
  const { show: showVideo } = generation;
  const followUpHandoff = useFollowUpHandoff(
    useCallback(
      ({ video, kind }: FollowUpHandoff) => {
        showVideo(video);
        setHandoff({ taskId: video.id, kind });
        revealPending.current = true;
      },
      [showVideo],
    ),
  );

  useEffect(() => {
    if (!selectPrompt) return;
    promptRef.current?.focus();
    promptRef.current?.select();
  }, [selectPrompt]);

  useEffect(() => {
    if (!revealPending.current || phase === 'idle') return;
    revealIfHidden(resultRef.current);
    if (phase !== 'generating') revealPending.current = false;
  }, [phase]);

  const prompt = prompts[mode];
  const issue = feedback?.mode === mode ? feedback.issue : null;

  const focusFieldOf = (failed: GenerationIssue) => {
    if (PROMPT_ISSUES.includes(failed.key)) promptRef.current?.focus();
    else if (failed.key === 'errorImageRequired') imageInputRef.current?.focus();
    else noticeLinkRef.current?.focus();
  };

  // A refusal is said next to Generate: keep that line in view (the button itself may sit at the screen's edge).
  useEffect(() => {
    if (feedback) revealIfHidden(document.getElementById(issueId));
  }, [feedback, issueId]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (unavailable || prefill.loading) return;
    // Each tab sends only its own fields: images from the image tab, the negative prompt from the text tab (SPEC §2).
    const request = {
      mode,
      model,
      prompt,
      shape,
      negativePrompt: mode === 'text' && choices.negativePrompt ? negativePrompt : '',
      image: mode === 'image' ? image.file : null,
      lastFrame: mode === 'image' && choices.lastFrame ? lastFrame.file : null,
      duration: perSecond ? seconds : null,
      referenceImages: perSecond ? references.files : [],
    };
    const failed = validateGeneration({ ...request, user, cost });
    setFeedback(failed && { mode, issue: failed });
    if (failed) return focusFieldOf(failed);
    revealPending.current = true;
    void generation.start(request);
  };

  const followUpFor = (video: CompletedVideo) =>
    user && canFollowUp(video) && options?.models.omni?.editable !== false
      ? {
          perSecond: omniPerSecond(options),
          credits: user.credits,
          initialAction: handoff?.taskId === video.id ? handoff.kind : null,
          onSubmit: (action: Parameters<typeof generation.followUp>[1]) => {
            revealPending.current = true;
            void generation.followUp(video, action);
          },
        }
      : null;

  const showNegative = mode === 'text' && choices.negativePrompt;
  const showLastFrame = mode === 'image' && choices.lastFrame;
  const showReferences = perSecond;
  const advancedInUse =
    (showNegative ? Number(Boolean(negativePrompt.trim())) : Number(Boolean(lastFrame.file))) +
    (showReferences && references.files.length ? 1 : 0);
  const notice = prefill.notice ?? followUpHandoff.notice;
  const dismissNotice = prefill.notice ? prefill.dismissNotice : followUpHandoff.dismissNotice;

  return (
    <div className={styles.page}>
      <GeneratorHero />

      <div className={styles.layout}>
        <div className={styles.card}>
          <ModeTabs
            mode={mode}
            panelId={panelId}
            tabId={tabId}
            onChange={(next) => {
              setFeedback(null);
              setMode(next);
            }}
          />
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
            {mode === 'image' && <ImageUpload field={image} inputRef={imageInputRef} />}
            <PromptField
              id={promptId}
              mode={mode}
              value={prompt}
              textareaRef={promptRef}
              errorId={issue && PROMPT_ISSUES.includes(issue.key) ? issueId : null}
              onChange={(value) => {
                setFeedback(null);
                setPrompts((all) => ({ ...all, [mode]: value }));
              }}
            />
            <FormatPicker
              shape={shape}
              choices={choices}
              onChange={setShape}
              leading={
                offersOmni && (
                  <ModelPicker
                    name={`${baseId}-model`}
                    family={family}
                    onChange={(next) => {
                      setFeedback(null);
                      setFamily(next);
                    }}
                  />
                )
              }
            />
            {(showNegative || showLastFrame || showReferences) && (
              <AdvancedOptions open={advancedOpen} onToggle={setAdvancedOpen} inUse={advancedInUse}>
                {showNegative && (
                  <NegativePromptField
                    id={negativeId}
                    value={negativePrompt}
                    maxLength={MAX_NEGATIVE_PROMPT_LENGTH}
                    onChange={setNegativePrompt}
                  />
                )}
                {showLastFrame && (
                  <ImageUpload field={lastFrame} label={t('lastFrameLabel')} hint={t('lastFrameHint')} />
                )}
                {showReferences && <ReferenceImages list={references} max={MAX_REFERENCE_IMAGES} />}
              </AdvancedOptions>
            )}
            <GenerateActions
              user={user}
              cost={cost}
              unavailable={unavailable}
              generating={generating}
              loading={prefill.loading}
              issue={issue}
              issueId={issueId}
              noticeLinkRef={noticeLinkRef}
              costChoice={
                perSecond && <DurationPicker durations={model.durations} seconds={seconds} onChange={setSeconds} />
              }
            />
          </form>
        </div>
        <ResultPreview
          state={generation.state}
          onReset={generation.reset}
          followUpFor={followUpFor}
          seconds={seconds}
          sectionRef={resultRef}
        />
        <section className={styles.about} aria-labelledby={`${baseId}-about`}>
          <h2 id={`${baseId}-about`} className={styles.sectionHeading}>
            {t('aboutHeading')}
          </h2>
          <p className={styles.intro}>{t('intro')}</p>
          <GenerationDetails model={model} shape={shape} seconds={seconds} />
        </section>
      </div>
    </div>
  );
}
