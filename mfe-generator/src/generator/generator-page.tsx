import { useId, useState, type FormEvent } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useSession } from '@veo3/platform/session/use-session';
import { Button } from '@veo3/platform/ui/button';
import { AccountNotice } from './account-notice';
import { GenerationDetails } from './generation-details';
import { generatorMessages } from './generator.messages';
import { ImageUpload } from './image-upload';
import { MODEL_OPTIONS, type GenerationMode } from './model-options';
import { ModeTabs } from './mode-tabs';
import { ResultPreview } from './result-preview';
import { useGeneration } from './use-generation';
import { useGenerationMode } from './use-generation-mode';
import { validateGeneration, type GenerationIssue } from './validate-generation';
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
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const generation = useGeneration(user?.id ?? null);
  const generating = generation.state.phase === 'generating';
  const baseId = useId();
  const panelId = `${baseId}-panel`;
  const tabId = (m: GenerationMode) => `${baseId}-tab-${m}`;
  const promptId = `${baseId}-prompt`;

  usePageMeta(t(mode === 'image' ? 'titleImage' : 'titleText'), '/text-to-veo3-video', t('metaDescription'));

  const prompt = prompts[mode];
  const issue = feedback?.mode === mode ? feedback.issue : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // An image picked on the image tab is never sent from the text tab (SPEC §2).
    const request = { mode, model, prompt, image: mode === 'image' ? image : null };
    const failed = validateGeneration({ ...request, user });
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
            <GenerationDetails model={model} />
            <AccountNotice user={user} cost={model.cost} />
            <Button type="submit" size="lg" className={styles.generate} busy={generating}>
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
