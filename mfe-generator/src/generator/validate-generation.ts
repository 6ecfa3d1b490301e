import type { User } from '@veo3/platform/types/user';
import type { GenerationMode, ModelOption } from './model-options';

export interface GenerationInput {
  mode: GenerationMode;
  prompt: string;
  image: File | null;
  user: Pick<User, 'credits'> | null;
  model: ModelOption;
  /** Credits for this video (its resolution's price). */
  cost: number;
}

/** A failed check, as a generator message key plus its placeholders. */
export interface GenerationIssue {
  key: 'errorEmptyPrompt' | 'errorImageRequired' | 'errorLoginRequired' | 'errorNotEnoughCredits';
  vars?: { model: string; cost: number; credits: number };
}

/** The Generate button's checks, in the order of SPEC §5; null when the request may be sent. */
export function validateGeneration({
  mode,
  prompt,
  image,
  user,
  model,
  cost,
}: GenerationInput): GenerationIssue | null {
  if (!prompt.trim()) return { key: 'errorEmptyPrompt' };
  if (mode === 'image' && !image) return { key: 'errorImageRequired' };
  if (!user) return { key: 'errorLoginRequired' };
  if (user.credits < cost) {
    return { key: 'errorNotEnoughCredits', vars: { model: model.name, cost, credits: user.credits } };
  }
  return null;
}
