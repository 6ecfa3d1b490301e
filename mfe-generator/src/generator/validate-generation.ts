import type { PublicUser as User } from '@veo3/contracts/auth';
import { MAX_PROMPT_LENGTH } from '@veo3/contracts/generation-options';
import { MAX_SEED } from '@veo3/contracts/video';
import type { GenerationMode } from './model-options';

export interface GenerationInput {
  mode: GenerationMode;
  prompt: string;
  image: File | null;
  user: Pick<User, 'credits'> | null;
  /** The model's name (or the comparison's), for the credits message. */
  modelName: string;
  /** Credits for all the videos this request makes (its resolution's price × variations). */
  cost: number;
  /** The seed as typed ('' for a random one), checked when the model takes one. */
  seed?: string;
  /** Why the comparison cannot be sent as it stands, while comparing. */
  compareIssue?: 'compareTooFew' | 'compareNoShape' | null;
}

/** A seed as the user typed it: null for none, NaN when it is no whole number in 0..MAX_SEED. */
export function parseSeed(value: string): number | null {
  const text = value.trim();
  if (!text) return null;
  return /^\d{1,10}$/.test(text) && Number(text) <= MAX_SEED ? Number(text) : NaN;
}

/** A failed check, as a generator message key plus its placeholders. */
export interface GenerationIssue {
  key:
    | 'errorEmptyPrompt'
    | 'errorPromptTooLong'
    | 'errorImageRequired'
    | 'errorSeed'
    | 'errorLoginRequired'
    | 'errorNotEnoughCredits'
    | 'compareTooFew'
    | 'compareNoShape';
  vars?: Record<string, string | number>;
}

/**
 * The Generate button's checks, in the order of SPEC §5 (plus the server's prompt limit);
 * null when the request may be sent. 'errorLoginRequired' has no text of its own: the page's
 * sign-in notice already says it, and focus goes to its link; so does 'errorNotEnoughCredits' (the
 * balance notice says it, with Buy Credits).
 */
export function validateGeneration({
  mode,
  prompt,
  image,
  user,
  modelName,
  cost,
  seed = '',
  compareIssue = null,
}: GenerationInput): GenerationIssue | null {
  if (compareIssue) return { key: compareIssue };
  if (!prompt.trim()) return { key: 'errorEmptyPrompt' };
  if (prompt.length > MAX_PROMPT_LENGTH) {
    return { key: 'errorPromptTooLong', vars: { count: prompt.length, max: MAX_PROMPT_LENGTH } };
  }
  if (mode === 'image' && !image) return { key: 'errorImageRequired' };
  if (Number.isNaN(parseSeed(seed))) return { key: 'errorSeed', vars: { max: MAX_SEED } };
  if (!user) return { key: 'errorLoginRequired' };
  if (user.credits < cost) {
    return { key: 'errorNotEnoughCredits', vars: { model: modelName, cost, credits: user.credits } };
  }
  return null;
}
