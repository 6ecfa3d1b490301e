import type { VideoShape } from '@veo3/contracts/generation-options';
import { modelCost, type OfferedModel } from '@veo3/contracts/model-catalogue';
import type { VideoOptions } from '@veo3/contracts/video';
import type { GenerationMode } from './model-options';
import { modelTerms, sharedTerms, type ModelTerms } from './model-terms';
import { modelsForTab, nearestDuration, offeredModels, pickModel } from './offered-models';
import { useVideoOptions } from './use-video-options';
import { allowedShape, type FormatChoices } from './video-format';
import { slowestWait } from './wait-estimate';

export interface ChosenModel {
  /** The model the user chose (or Reuse put back); null for the tab's default. */
  modelId: string | null;
  seconds: number;
  shape: VideoShape;
  variations: number;
  /** "Compare models" is on, with the models ticked. */
  compare: boolean;
  compareIds: readonly string[];
}

/** Whether the form sends a length for `model`: one priced by the second, or making more than one. */
const takesDuration = (model: OfferedModel) => model.price.per === 'second' || model.outputs.durations.length > 1;

/** The models ticked for a comparison that can make a video now, at most `max`. */
function comparedModels(tab: readonly OfferedModel[], ids: readonly string[], max: number): OfferedModel[] {
  return tab.filter((model) => model.available && ids.includes(model.id)).slice(0, max);
}

/** Why a comparison cannot be sent as it stands, or null. */
function compareIssue(compared: readonly OfferedModel[], terms: ModelTerms): 'compareTooFew' | 'compareNoShape' | null {
  if (compared.length < 2) return 'compareTooFew';
  return terms.shapes.length ? null : 'compareNoShape';
}

/** The comparison's state: off, or on with its models, their shared terms and what stops it. */
function compareState(tab: readonly OfferedModel[], options: VideoOptions | undefined, chosen: ChosenModel) {
  const max = Math.max(2, options?.max_compare ?? 0);
  const candidates = tab.filter((model) => model.available);
  // A server without the catalogue takes no comparison.
  const offered = Boolean(options?.catalogue?.length && options.max_compare >= 2) && candidates.length >= 2;
  const on = offered && chosen.compare;
  const models = on ? comparedModels(tab, chosen.compareIds, max) : [];
  const terms = sharedTerms(models.map((model) => modelTerms(model, options)));
  return { offered, on, max, models, terms };
}

/** The model(s), length, format, variations and cost the form would generate with, given what is offered now. */
export function useModelChoice(mode: GenerationMode, chosen: ChosenModel) {
  const { options, pending: optionsPending } = useVideoOptions();
  const catalogue = offeredModels(options);
  const tab = modelsForTab(catalogue, mode);
  const model = pickModel(tab, chosen.modelId) ?? catalogue[0]!;
  const compare = compareState(tab, options, chosen);
  const terms = (compare.on && compare.terms) || modelTerms(model, options);
  const seconds = terms.durations.length ? nearestDuration(terms.durations, chosen.seconds) : chosen.seconds;
  const choices: FormatChoices = {
    shapes: terms.shapes,
    negativePrompt: terms.negativePrompt,
    lastFrame: terms.lastFrame,
  };
  // What was chosen, moved to the nearest format the model makes (switching model clamps it).
  const shape = allowedShape(choices, chosen.shape);
  const costOf = (m: OfferedModel) =>
    modelCost(m, shape.resolution, nearestDuration(m.outputs.durations, seconds)) ?? 0;
  const compareCosts = compare.models.map((m) => ({ model: m, cost: costOf(m) }));
  const cost = costOf(model);
  // A server from before variations sends none: one video.
  const variationChoices = options?.variations?.length ? options.variations : [1];
  const variations = !compare.on && variationChoices.includes(chosen.variations) ? chosen.variations : 1;
  const makers = compare.on ? compare.models : [model];
  return {
    options,
    optionsPending,
    /** The models serving this tab. */
    tab,
    model,
    compare: { ...compare, costs: compareCosts, issue: compare.on ? compareIssue(compare.models, terms) : null },
    /** The lengths on offer (the picker shows when there is a choice). */
    durations: terms.durations,
    seconds,
    /** The length sent with the request; null where the model(s) make one length of their own. */
    sentSeconds: terms.durations.length && makers.some(takesDuration) ? seconds : null,
    choices,
    shape,
    referenceImages: terms.referenceImages,
    takesSeed: terms.seed,
    unavailable: !compare.on && !model.available,
    /** Credits for one video of the chosen model. */
    cost,
    variationChoices,
    variations,
    /** Credits for all the videos Generate makes. */
    total: compare.on ? compareCosts.reduce((sum, c) => sum + c.cost, 0) : cost * variations,
    wait: slowestWait(makers),
  };
}

export type ModelChoice = ReturnType<typeof useModelChoice>;
