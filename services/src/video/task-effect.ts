import type { EffectPhotoKey, EffectTextKey, TaskEffect } from '@veo3/contracts/effects';
import type { VideoTaskEntity } from './video-task.entity';

/**
 * What a task made from an effect keeps of it (`effect_inputs`, JSON): the effect as it was named
 * then (its page and name, for History's "Make another"), the user's texts and which photos they gave.
 */
export interface TaskEffectInputs {
  effect: TaskEffect;
  texts: Partial<Record<EffectTextKey, string>>;
  photos: EffectPhotoKey[];
}

/** The task's effect inputs, or null for a task not made from an effect. */
export function taskEffectInputs(task: Pick<VideoTaskEntity, 'effectInputs'>): TaskEffectInputs | null {
  return task.effectInputs ? (JSON.parse(task.effectInputs) as TaskEffectInputs) : null;
}

/** The effect a task was made from, as its status and History show it; null otherwise. */
export function taskEffectOf(task: Pick<VideoTaskEntity, 'effectInputs'>): TaskEffect | null {
  return taskEffectInputs(task)?.effect ?? null;
}
