import { ALL_SHAPES } from '@veo3/contracts/generation-options';
import { modelTabs } from '@veo3/contracts/model-catalogue';
import { templateKeys, type EffectDraft } from '@veo3/contracts/effects';
import type { CatalogueEntry } from '../video/catalogue/catalogue-entry';
import { checkDuration, checkGenerationOptions } from '../video/options-check';
import { VideoException } from '../video/video.exception';
import { invalidEffect } from './effects.exception';

/**
 * Whether an effect as drafted in the console can work, else a 400 saying what to change: its
 * inputs each once, its template naming only its texts, a model of the catalogue that takes its
 * photos (photo_1 as first frame, photo_2 as reference image), and settings that model makes.
 */
export function checkEffectDraft(draft: Omit<EffectDraft, 'reason'>, find: (id: string) => CatalogueEntry | undefined) {
  const keys = draft.inputs.map((input) => input.key);
  const twice = keys.find((key, i) => keys.indexOf(key) !== i);
  if (twice) throw invalidEffect(`The input ${twice} is declared twice: each input key can be used once.`);
  const texts = new Set(draft.inputs.filter((input) => input.kind === 'text').map((input) => input.key as string));
  const undeclared = templateKeys(draft.prompt_template).find((key) => !texts.has(key));
  if (undeclared) {
    throw invalidEffect(
      `The template names {{${undeclared}}}, which is not a text input of this effect. Declare it as a text input or remove it from the template.`,
    );
  }
  const model = find(draft.settings.model);
  if (!model) throw invalidEffect(`The model ${draft.settings.model} is not in the catalogue.`);
  const photos = new Set(draft.inputs.filter((input) => input.kind === 'photo').map((input) => input.key as string));
  if (photos.size && !model.inputs.first_frame) {
    throw invalidEffect(`${model.name} cannot start from a photo: choose a model that takes a first frame.`);
  }
  if (photos.has('photo_2') && !model.inputs.reference_images) {
    throw invalidEffect(`${model.name} takes no reference images, so it cannot use a second photo.`);
  }
  const mode = photos.has('photo_1') ? 'image' : 'text';
  if (!modelTabs(model).includes(mode)) {
    throw invalidEffect(`${model.name} cannot make a video from ${mode === 'image' ? 'a photo' : 'text alone'}.`);
  }
  const { aspect_ratio: aspectRatio, resolution, duration_s: duration } = draft.settings;
  const support = { shapes: ALL_SHAPES, negativePrompt: true, lastFrame: true };
  try {
    checkGenerationOptions({ aspectRatio, resolution }, mode, support, model);
    checkDuration(String(duration), model);
  } catch (error) {
    if (error instanceof VideoException) throw invalidEffect(error.message);
    throw error;
  }
}
