import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import type { Resolution } from '@veo3/contracts/generation-options';
import { DRAFT_RESOLUTION, modelCost, type OfferedModel } from '@veo3/contracts/model-catalogue';
import type { PublicVideoTask } from '@veo3/contracts/video';
import { shortPrompt } from '../history/task-handoff';
import { generatorMessages } from './generator.messages';
import { findModel, fullResolution } from './offered-models';

/** What "Make in full quality" would ask for a finished draft: the resolution and its price; null when it offers none. */
function remakeOffer(
  task: Pick<PublicVideoTask, 'status' | 'resolution' | 'model' | 'duration_s'>,
  catalogue: readonly OfferedModel[],
): { resolution: Resolution; cost: number } | null {
  if (task.status !== 'completed' || task.resolution !== DRAFT_RESOLUTION) return null;
  const model = findModel(catalogue, task.model);
  const resolution = model && fullResolution(model);
  const cost = resolution ? modelCost(model, resolution, task.duration_s) : null;
  return resolution && cost !== null ? { resolution, cost } : null;
}

export interface RemakeButtonProps {
  task: PublicVideoTask;
  catalogue: readonly OfferedModel[];
  onRemake: (task: PublicVideoTask, resolution: Resolution) => void;
  /** The button's look, as its neighbours'. */
  className: string;
  disabled?: boolean;
}

/** "Make in full quality · 40 credits" on a finished draft: the same video again at the model's lowest full resolution. */
export function RemakeButton({ task, catalogue, onRemake, className, disabled }: RemakeButtonProps) {
  const t = useT(generatorMessages);
  const number = new Intl.NumberFormat(useLanguage());
  const offer = remakeOffer(task, catalogue);
  if (!offer) return null;
  const cost = number.format(offer.cost);
  return (
    <button
      type="button"
      className={className}
      disabled={disabled}
      aria-label={t('remakeFullLabel', { prompt: shortPrompt(task.prompt), resolution: offer.resolution, cost })}
      onClick={() => onRemake(task, offer.resolution)}
    >
      {t('remakeFull', { cost })}
    </button>
  );
}
