import { useT } from '@veo3/platform/i18n/i18n';
import { MAX_NEGATIVE_PROMPT_LENGTH } from '@veo3/contracts/generation-options';
import { MAX_REFERENCE_IMAGES } from '@veo3/contracts/video';
import { AdvancedOptions } from './advanced-options';
import { FormatPicker } from './format-picker';
import { generatorMessages } from './generator.messages';
import { ImageUpload } from './image-upload';
import { ModelPicker } from './model-picker';
import { NegativePromptField } from './prompt-fields';
import { ReferenceImages } from './reference-images';
import type { GeneratorForm } from './use-generator-form';
import type { ModelChoice } from './use-model-choice';
import styles from './generator-page.module.css';

export interface GeneratorOptionsProps {
  form: GeneratorForm;
  choice: ModelChoice;
  /** The page's id prefix, for the fields' ids and names. */
  baseId: string;
}

/** The choices below the prompt: model and format, then the folded advanced ones this tab and model offer. */
export function GeneratorOptions({ form, choice, baseId }: GeneratorOptionsProps) {
  const t = useT(generatorMessages);
  const { mode, draft, lastFrame, references } = form;
  const showNegative = mode === 'text' && choice.choices.negativePrompt;
  const showLastFrame = mode === 'image' && choice.choices.lastFrame;
  const showReferences = choice.perSecond;
  const advancedInUse =
    (showNegative ? Number(Boolean(draft.negativePrompt.trim())) : Number(Boolean(lastFrame.file))) +
    (showReferences && references.files.length ? 1 : 0);

  return (
    <>
      <FormatPicker
        shape={choice.shape}
        choices={choice.choices}
        onChange={form.setShape}
        leading={
          choice.offersOmni ? (
            <ModelPicker name={`${baseId}-model`} family={choice.family} onChange={form.setFamily} />
          ) : (
            // While the options are read (the pre-rendered page): the model row's place, kept empty
            // and out of reach, so that nothing below moves when they offer Omni.
            choice.optionsPending && (
              <div className={styles.reservedRow} inert>
                <ModelPicker name={`${baseId}-model-pending`} family="veo" onChange={form.setFamily} />
              </div>
            )
          )
        }
      />
      {(showNegative || showLastFrame || showReferences) && (
        <AdvancedOptions open={draft.advancedOpen} onToggle={form.setAdvancedOpen} inUse={advancedInUse}>
          {showNegative && (
            <NegativePromptField
              id={`${baseId}-negative`}
              value={draft.negativePrompt}
              maxLength={MAX_NEGATIVE_PROMPT_LENGTH}
              onChange={form.setNegativePrompt}
            />
          )}
          {showLastFrame && <ImageUpload field={lastFrame} label={t('lastFrameLabel')} hint={t('lastFrameHint')} />}
          {showReferences && <ReferenceImages list={references} max={MAX_REFERENCE_IMAGES} />}
        </AdvancedOptions>
      )}
    </>
  );
}
