import { EXTEND_SECONDS, MAX_VIDEO_SECONDS } from '@veo3/contracts/catalogue';
import { MAX_PROMPT_LENGTH } from '@veo3/contracts/generation-options';
import type { OfferedModel } from '@veo3/contracts/model-catalogue';
import type { PublicVideoTask } from '@veo3/contracts/video';

/**
 * Whether a finished task can be edited by instruction and extended: a video of a catalogue model
 * that edits (Gemini Omni Flash, Omni 1.2), of any kind; with no catalogue at hand, an Omni video.
 */
export function canFollowUp(
  task: Pick<PublicVideoTask, 'model' | 'status' | 'result_url'>,
  catalogue: readonly Pick<OfferedModel, 'id' | 'edits'>[] = [],
): boolean {
  const model = catalogue.find((offered) => offered.id === task.model);
  const edits = model ? model.edits : task.model === 'omni';
  return edits && task.status === 'completed' && Boolean(task.result_url);
}

/** What an edit or extension of `task` costs per second: its model's price at its resolution, else Omni's. */
export function followUpPerSecond(
  task: Pick<PublicVideoTask, 'model' | 'resolution'>,
  catalogue: readonly Pick<OfferedModel, 'id' | 'price'>[],
  omniPerSecond: number,
): number {
  const price = catalogue.find((offered) => offered.id === task.model)?.price;
  const credits = price?.per === 'second' ? (price.credits[task.resolution] ?? price.credits['720p']) : undefined;
  return credits ?? omniPerSecond;
}

/** The seconds an extension of a `durationS`-second video may add: 4 to 10, never past 40 s in all. */
export function extendChoices(durationS: number): number[] {
  const most = Math.min(EXTEND_SECONDS.max, MAX_VIDEO_SECONDS - durationS);
  const choices: number[] = [];
  for (let s = EXTEND_SECONDS.min; s <= most; s++) choices.push(s);
  return choices;
}

/** An edit costs a generation of the same length; an extension, each added second. */
export function followUpCost(perSecond: number, seconds: number): number {
  return perSecond * seconds;
}

/** Why an edit's instruction cannot be sent, as a generator message key plus its placeholders; null when it can. */
export function instructionIssue(
  instruction: string,
  cost: number,
  credits: number,
): {
  key: 'errorEmptyInstruction' | 'errorInstructionTooLong' | 'errorFollowUpCredits';
  vars?: Record<string, number>;
} | null {
  if (!instruction.trim()) return { key: 'errorEmptyInstruction' };
  if (instruction.length > MAX_PROMPT_LENGTH) {
    return { key: 'errorInstructionTooLong', vars: { count: instruction.length, max: MAX_PROMPT_LENGTH } };
  }
  if (credits < cost) return { key: 'errorFollowUpCredits', vars: { cost, credits } };
  return null;
}
