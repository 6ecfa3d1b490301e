import { useT } from '@veo3/platform/i18n/i18n';
import { MAX_NEGATIVE_PROMPT_LENGTH } from '@veo3/contracts/generation-options';
import type { OfferedModel } from '@veo3/contracts/model-catalogue';
import { AdvancedOptions } from './advanced-options';
import { FormatPicker } from './format-picker';
import { generatorMessages } from './generator.messages';
import { ImageUpload } from './image-upload';
import { ModelPicker } from './model-picker';
import { NegativePromptField } from './prompt-fields';
import { ReferenceImages } from './reference-images';
import { SeedField } from './seed-field';
import type { GeneratorForm } from './use-generator-form';
import type { ModelChoice } from './use-model-choice';
import styles from './generator-page.module.css';

export interface GeneratorOptionsProps {
  form: GeneratorForm;
  choice: ModelChoice;
  /** The page's id prefix, for the fields' ids and names. */
  baseId: string;
  /** The form's message id when Generate refused the seed. */
  seedErrorId: string | null;
}

/** What the user set that the chosen model(s) do not take: said in "More options", and not sent. */
function useUnusedFields({ mode, draft, lastFrame, references }: GeneratorForm, choice: ModelChoice): string[] {
  const t = useT(generatorMessages);
  return [
    mode === 'text' && !choice.choices.negativePrompt && draft.negativePrompt.trim() && t('fieldNegativePrompt'),
    mode === 'image' && !choice.choices.lastFrame && lastFrame.file && t('fieldLastFrame'),
    !choice.referenceImages && references.files.length > 0 && t('fieldReferences'),
    !choice.takesSeed && draft.seed.trim() && t('fieldSeed'),
  ].filter((field): field is string => Boolean(field));
}

/** The compared models' ids with `id` ticked or unticked; a tick past `max` is ignored. */
function toggled(compared: readonly OfferedModel[], id: string, max: number): string[] {
  const ids = compared.map((model) => model.id);
  if (ids.includes(id)) return ids.filter((known) => known !== id);
  return ids.length < max ? [...ids, id] : ids;
}

/** The picker, shown where the tab has a choice of models (or the chosen one is unavailable). */
function ModelRow({ form, choice, baseId }: Omit<GeneratorOptionsProps, 'seedErrorId'>) {
  const shown = choice.tab.length > 1 || !choice.model.available;
  const picker = (name: string) => (
    <ModelPicker
      name={name}
      choice={choice}
      onChoose={form.setModel}
      onCompare={form.setCompare}
      onToggleCompared={(id) => form.setCompared(toggled(choice.compare.models, id, choice.compare.max))}
    />
  );
  if (shown) return picker(`${baseId}-model`);
  // While the options are read (the pre-rendered page): the model row's place, kept empty and out of
  // reach, so that nothing below moves when they offer a choice.
  return choice.optionsPending ? (
    <div className={styles.reservedRow} inert>
      {picker(`${baseId}-model-pending`)}
    </div>
  ) : null;
}

/** The choices below the prompt: model and format, then the folded advanced ones this tab and model offer. */
export function GeneratorOptions({ form, choice, baseId, seedErrorId }: GeneratorOptionsProps) {
  const t = useT(generatorMessages);
  const { mode, draft, lastFrame, references } = form;
  const showNegative = mode === 'text' && choice.choices.negativePrompt;
  const showLastFrame = mode === 'image' && choice.choices.lastFrame;
  const showReferences = choice.referenceImages > 0;
  const showSeed = choice.takesSeed;
  const unused = useUnusedFields(form, choice);
  const advancedInUse =
    (showNegative ? Number(Boolean(draft.negativePrompt.trim())) : Number(Boolean(showLastFrame && lastFrame.file))) +
    (showReferences && references.files.length ? 1 : 0) +
    (showSeed && draft.seed.trim() ? 1 : 0);
  const unusedNote = choice.compare.on
    ? t('notTakenByCompare', { fields: unused.join(', ') })
    : t('notTakenBy', { model: choice.model.name, fields: unused.join(', ') });

  return (
    <>
      <FormatPicker
        shape={choice.shape}
        choices={choice.choices}
        onChange={form.setShape}
        leading={<ModelRow form={form} choice={choice} baseId={baseId} />}
      />
      {(showNegative || showLastFrame || showReferences || showSeed || unused.length > 0) && (
        <AdvancedOptions open={draft.advancedOpen} onToggle={form.setAdvancedOpen} inUse={advancedInUse}>
          {unused.length > 0 && <p className={styles.hint}>{unusedNote}</p>}
          {showNegative && (
            <NegativePromptField
              id={`${baseId}-negative`}
              value={draft.negativePrompt}
              maxLength={MAX_NEGATIVE_PROMPT_LENGTH}
              onChange={form.setNegativePrompt}
            />
          )}
          {showLastFrame && <ImageUpload field={lastFrame} label={t('lastFrameLabel')} hint={t('lastFrameHint')} />}
          {showReferences && <ReferenceImages list={references} max={choice.referenceImages} />}
          {showSeed && (
            <SeedField id={`${baseId}-seed`} value={draft.seed} onChange={form.setSeed} errorId={seedErrorId} />
          )}
        </AdvancedOptions>
      )}
    </>
  );
}
