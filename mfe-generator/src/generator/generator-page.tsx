import { useId } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useSession } from '@veo3/platform/session/use-session';
import { GenerateActions } from './generate-actions';
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
import { useFormSources } from './use-form-sources';
import { PROMPT_ISSUES, useGenerateSubmit } from './use-generate-submit';
import { useGeneration } from './use-generation';
import { useGeneratorForm } from './use-generator-form';
import { useModelChoice } from './use-model-choice';
import { useResultReveal } from './use-result-reveal';
import styles from './generator-page.module.css';

/** SPEC §2 generator: the form (tabs, prompt, options, Generate), the result area, then the introduction. */
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

  usePageMeta(t(mode === 'image' ? 'titleImage' : 'titleText'), '/text-to-veo3-video', t('metaDescription'));

  const sources = useFormSources(form, generation, requestReveal);
  const { onSubmit, issue, imageInputRef, noticeLinkRef } = useGenerateSubmit({
    form,
    choice,
    user,
    generation,
    loading: sources.loading,
    issueId,
    onStart: requestReveal,
  });

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
            aria-busy={sources.loading || undefined}
            className={styles.form}
            noValidate
            onSubmit={onSubmit}
          >
            {sources.loading && (
              <p role="status" className={styles.loadingLine}>
                {t('prefillLoading')}
              </p>
            )}
            {sources.notice && <PrefillNotice notice={sources.notice} onDismiss={sources.dismissNotice} />}
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
              loading={sources.loading}
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
          handoff={sources.handoff}
          seconds={choice.seconds}
          resultRef={resultRef}
          onFollowUp={requestReveal}
        />
        <GeneratorAbout baseId={baseId} model={choice.model} shape={choice.shape} seconds={choice.seconds} />
      </div>
    </div>
  );
}
