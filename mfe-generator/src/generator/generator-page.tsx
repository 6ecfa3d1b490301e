import { useCallback, useEffect, useId, useRef } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useSession } from '@veo3/platform/session/use-session';
import { GenerateActions } from './generate-actions';
import { GeneratorAbout } from './generator-about';
import { GeneratorHero } from './generator-hero';
import { GeneratorOptions } from './generator-options';
import { generatorMessages } from './generator.messages';
import { ImageUpload } from './image-upload';
import { ModeTabs } from './mode-tabs';
import { DurationPicker } from './model-picker';
import { PrefillNotice } from './prefill-notice';
import { PromptField } from './prompt-fields';
import { revealIfHidden } from './reveal-if-hidden';
import { TaskFeed } from './task-feed';
import { useFeedActions } from './use-feed-actions';
import { useFormSources } from './use-form-sources';
import { PROMPT_ISSUES, useGenerateSubmit } from './use-generate-submit';
import { useGeneratorForm } from './use-generator-form';
import { useModelChoice } from './use-model-choice';
import { useWaitText } from './use-wait-text';
import { useWorkspace } from './use-workspace';
import { VariationsPicker } from './variations-picker';
import styles from './generator-page.module.css';

/** The first three models' Veo pair, which the badge calls by the family's name. */
const VEO_IDS = new Set(['veo3', 'veo3-fast-frames']);

/** SPEC §2 generator: the form (tabs, prompt, options, Generate) beside the feed of the user's videos, then the introduction. */
export default function GeneratorPage() {
  const t = useT(generatorMessages);
  const { user, restored } = useSession();
  const form = useGeneratorForm();
  const { mode, draft, promptRef } = form;
  const choice = useModelChoice(mode, draft);
  const workspace = useWorkspace(user?.id ?? null, choice.options?.max_active);
  const feedRef = useRef<HTMLElement>(null);
  const baseId = useId();
  const panelId = `${baseId}-panel`;
  const tabId = (m: typeof mode) => `${baseId}-tab-${m}`;
  const issueId = `${baseId}-issue`;

  const waitText = useWaitText();
  const heroModel = choice.compare.models.length
    ? choice.compare.models.map((m) => m.name).join(', ')
    : VEO_IDS.has(choice.model.id)
      ? t('modelVeo')
      : choice.model.name;
  const alternative = choice.tab.find((m) => m.available && m.id === choice.model.alternative);

  usePageMeta(t(mode === 'image' ? 'titleImage' : 'titleText'), '/text-to-veo3-video', t('metaDescription'));

  // A new card arrives at the feed's top: on a phone (feed under the form) it is brought into view.
  const revealFeed = useCallback(() => revealIfHidden(feedRef.current), []);
  const sources = useFormSources(form, workspace, restored, revealFeed);
  const { onSubmit, issue, imageInputRef, noticeLinkRef } = useGenerateSubmit({
    form,
    choice,
    user,
    workspace,
    loading: sources.loading,
    issueId,
    seedId: `${baseId}-seed`,
    onStart: revealFeed,
    remix: { remixOf: sources.remixOf, onMade: sources.endRemix },
  });
  const cardActions = useFeedActions({ form, choice, user, workspace, reuse: sources.reuse, onFollowUp: revealFeed });

  // The server's refusal of one more generation is said by Generate: kept in view there.
  useEffect(() => {
    if (workspace.tooMany) revealIfHidden(document.getElementById(issueId));
  }, [workspace.tooMany, issueId]);

  return (
    <div className={styles.page}>
      <GeneratorHero model={heroModel} />

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
            <GeneratorOptions
              form={form}
              choice={choice}
              baseId={baseId}
              seedErrorId={issue?.key === 'errorSeed' ? issueId : null}
            />
            <GenerateActions
              user={user}
              cost={choice.cost}
              total={choice.total}
              variations={choice.variations}
              unavailable={choice.unavailable}
              unavailableModel={
                choice.options?.catalogue?.length
                  ? {
                      name: choice.model.name,
                      message: choice.model.message,
                      alternative: alternative
                        ? { name: alternative.name, onUse: () => form.setModel(alternative.id) }
                        : null,
                    }
                  : null
              }
              compared={choice.compare.on ? choice.compare.models.length : 0}
              waitText={choice.wait && waitText(choice.wait)}
              loading={sources.loading}
              issue={issue}
              tooManyActive={workspace.tooMany ? workspace.maxActive : null}
              issueId={issueId}
              noticeLinkRef={noticeLinkRef}
              onLogin={sources.keepDraft}
              costChoice={
                <>
                  {choice.durations.length > 1 && (
                    <DurationPicker durations={choice.durations} seconds={choice.seconds} onChange={form.setSeconds} />
                  )}
                  {choice.variationChoices.length > 1 && !choice.compare.on && (
                    <VariationsPicker
                      choices={choice.variationChoices}
                      count={choice.variations}
                      onChange={form.setVariations}
                    />
                  )}
                </>
              }
            />
          </form>
        </div>
        <TaskFeed
          workspace={workspace}
          userId={user?.id ?? null}
          seconds={choice.seconds}
          wait={choice.wait}
          sectionRef={feedRef}
          className={styles.result}
          {...cardActions}
        />
        <GeneratorAbout
          baseId={baseId}
          model={choice.model}
          shape={choice.shape}
          seconds={choice.seconds}
          cost={choice.cost}
        />
      </div>
    </div>
  );
}
