import { useId, useState, type FormEvent } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useSession } from '@veo3/platform/session/use-session';
import { Button } from '@veo3/platform/ui/button';
import { MAX_NEGATIVE_PROMPT_LENGTH, type VideoShape } from '../../../services/src/video/generation-options';
import { AccountNotice } from './account-notice';
import { FormatPicker } from './format-picker';
import { GenerationDetails } from './generation-details';
import { generatorMessages } from './generator.messages';
import { ImageUpload } from './image-upload';
import { MODEL_OPTIONS, type GenerationMode } from './model-options';
import { ModeTabs } from './mode-tabs';
import { ResultPreview } from './result-preview';
import { useGeneration } from './use-generation';
import { useGenerationMode } from './use-generation-mode';
import { useVideoOptions } from './use-video-options';
import { validateGeneration, type GenerationIssue } from './validate-generation';
import { allowedShape, DEFAULT_SHAPE, formatChoices } from './video-format';
import styles from './generator-page.module.css';

/** The check the Generate button last failed, tied to the mode it was pressed in. */
interface Feedback {
  mode: GenerationMode;
  issue: GenerationIssue;
}

export default function GeneratorPage() {
  const t = useT(generatorMessages);
  const { user } = useSession();
  const [mode, setMode] = useGenerationMode();
  const model = MODEL_OPTIONS[mode];
  // Each tab keeps its own draft: text starts with the sample prompt, image starts empty (SPEC §2).
  const [prompts, setPrompts] = useState<Record<GenerationMode, string>>(() => ({
    text: t('defaultPrompt'),
    image: '',
  }));
  const [image, setImage] = useState<File | null>(null);
  const [lastFrame, setLastFrame] = useState<File | null>(null);
  const [negativePrompt, setNegativePrompt] = useState('');
  const [chosenShape, setShape] = useState<VideoShape>(DEFAULT_SHAPE);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const options = useVideoOptions();
  const choices = formatChoices(options);
  // What was chosen, moved to the nearest format the provider makes (its options may load after a choice).
  const shape = allowedShape(choices, chosenShape);
  const availability = options?.models[model.apiPath];
  const unavailable = availability?.available === false;
  const cost = availability?.prices[shape.resolution] ?? model.cost;
  const generation = useGeneration(user?.id ?? null);
  const generating = generation.state.phase === 'generating';
  const baseId = useId();
  const panelId = `${baseId}-panel`;
  const tabId = (m: GenerationMode) => `${baseId}-tab-${m}`;
  const promptId = `${baseId}-prompt`;
  const negativeId = `${baseId}-negative`;

  usePageMeta(t(mode === 'image' ? 'titleImage' : 'titleText'), '/text-to-veo3-video', t('metaDescription'));

  const prompt = prompts[mode];
  const issue = feedback?.mode === mode ? feedback.issue : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (unavailable) return;
    // Each tab sends only its own fields: images from the image tab, the negative prompt from the text tab (SPEC §2).
    const request = {
      mode,
      model,
      prompt,
      shape,
      negativePrompt: mode === 'text' && choices.negativePrompt ? negativePrompt : '',
      image: mode === 'image' ? image : null,
      lastFrame: mode === 'image' && choices.lastFrame ? lastFrame : null,
    };
    const failed = validateGeneration({ ...request, user, cost });
    setFeedback(failed && { mode, issue: failed });
    if (!failed) void generation.start(request);
  };

  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <p className={styles.eyebrow}>{t('eyebrow')}</p>
        <h1 className={styles.title}>{t('heading')}</h1>
        <p className={styles.intro}>{t('intro')}</p>
      </header>

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
            className={styles.form}
            noValidate
            onSubmit={onSubmit}
          >
            {mode === 'image' && (
              <ImageUpload
                image={image}
                onChange={(file) => {
                  setFeedback(null);
                  setImage(file);
                }}
              />
            )}
            <div className={styles.field}>
              <label htmlFor={promptId} className={styles.label}>
                {t('promptLabel')}
              </label>
              <textarea
                id={promptId}
                className={styles.textarea}
                rows={mode === 'text' ? 8 : 5}
                value={prompt}
                placeholder={t(mode === 'text' ? 'promptPlaceholderText' : 'promptPlaceholderImage')}
                onChange={(event) => {
                  setFeedback(null);
                  setPrompts((all) => ({ ...all, [mode]: event.target.value }));
                }}
              />
            </div>
            {mode === 'text' && choices.negativePrompt && (
              <div className={styles.field}>
                <label htmlFor={negativeId} className={styles.label}>
                  {t('negativePromptLabel')}
                </label>
                <textarea
                  id={negativeId}
                  className={`${styles.textarea} ${styles.textareaShort}`}
                  rows={2}
                  maxLength={MAX_NEGATIVE_PROMPT_LENGTH}
                  value={negativePrompt}
                  placeholder={t('negativePromptPlaceholder')}
                  onChange={(event) => setNegativePrompt(event.target.value)}
                />
              </div>
            )}
            {mode === 'image' && choices.lastFrame && (
              <ImageUpload
                image={lastFrame}
                label={t('lastFrameLabel')}
                hint={t('lastFrameHint')}
                onChange={(file) => {
                  setFeedback(null);
                  setLastFrame(file);
                }}
              />
            )}
            <FormatPicker shape={shape} choices={choices} onChange={setShape} />
            <GenerationDetails model={model} shape={shape} cost={cost} />
            {unavailable ? (
              <p role="alert" className={`${styles.notice} ${styles.noticeWarn}`}>
                {t('unavailable')}
              </p>
            ) : (
              <AccountNotice user={user} cost={cost} />
            )}
            <Button type="submit" size="lg" className={styles.generate} busy={generating} disabled={unavailable}>
              {t(generating ? 'generating' : 'generate')}
            </Button>
            <p role="status" aria-live="polite" className={issue ? styles.feedbackError : styles.feedbackEmpty}>
              {issue && t(issue.key, issue.vars)}
            </p>
          </form>
        </div>
        <ResultPreview state={generation.state} onReset={generation.reset} />
      </div>
    </div>
  );
}
