import type { PublicUser as User } from '@veo3/contracts/auth';
import { MAX_PROMPT_LENGTH } from '@veo3/contracts/generation-options';
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
  key:
    'errorEmptyPrompt' | 'errorPromptTooLong' | 'errorImageRequired' | 'errorLoginRequired' | 'errorNotEnoughCredits';
  vars?: Record<string, string | number>;
}

/**
 * The Generate button's checks, in the order of SPEC §5 (plus the server's prompt limit);
 * null when the request may be sent. 'errorLoginRequired' has no text of its own: the page's
 * sign-in notice already says it, and focus goes to its link.
 */
export function validateGeneration({
  mode,
  prompt,
  image,
  user,
  model,
  cost,
}: GenerationInput): GenerationIssue | null {
  if (!prompt.trim()) return { key: 'errorEmptyPrompt' };
  if (prompt.length > MAX_PROMPT_LENGTH) {
    return { key: 'errorPromptTooLong', vars: { count: prompt.length, max: MAX_PROMPT_LENGTH } };
  }
  if (mode === 'image' && !image) return { key: 'errorImageRequired' };
  if (!user) return { key: 'errorLoginRequired' };
  if (user.credits < cost) {
    return { key: 'errorNotEnoughCredits', vars: { model: model.name, cost, credits: user.credits } };
  }
  return null;
}
