import { useCallback, useEffect, useRef, useState } from 'react';
import { isAspectRatio, isResolution, type VideoShape } from '@veo3/contracts/generation-options';
import { keepDraft, takeDraft } from '@veo3/platform/session/draft-store';
import type { GenerationMode } from './model-options';
import type { GeneratorForm, KeptFields } from './use-generator-form';
import type { PrefillNotice } from './use-task-prefill';

/** The draft-store key of the generator's draft. */
const DRAFT_KEY = 'generator';

/**
 * What the form keeps across sign-in: its text and choices. Pictures cannot be kept in
 * sessionStorage reliably, so only whether there were any; the tab travels in `next`'s `?type=`.
 */
interface LoginDraft extends KeptFields {
  hadPictures: boolean;
}

/** A kept draft as read back: anything may be missing or of the wrong kind (an older page wrote it, or someone else). */
type KeptDraft = Partial<Record<keyof LoginDraft, unknown>>;

const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const count = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;

function keptShape(value: unknown, fallback: VideoShape): VideoShape {
  const shape = (value ?? {}) as Partial<Record<keyof VideoShape, unknown>>;
  return isAspectRatio(shape.aspectRatio) && isResolution(shape.resolution)
    ? { aspectRatio: shape.aspectRatio, resolution: shape.resolution }
    : fallback;
}

/** What `kept` holds that the form takes; a field missing or not of the form's kind keeps the form's value (`draft`). */
function keptFields(draft: KeptFields, kept: KeptDraft): KeptFields {
  const prompts = (kept.prompts ?? {}) as Partial<Record<GenerationMode, unknown>>;
  return {
    prompts: { text: text(prompts.text, draft.prompts.text), image: text(prompts.image, draft.prompts.image) },
    modelId: typeof kept.modelId === 'string' ? kept.modelId : draft.modelId,
    seconds: count(kept.seconds, draft.seconds),
    negativePrompt: text(kept.negativePrompt, draft.negativePrompt),
    shape: keptShape(kept.shape, draft.shape),
    variations: count(kept.variations, draft.variations),
    seed: text(kept.seed, draft.seed),
    advancedOpen: kept.advancedOpen === true || draft.advancedOpen,
  };
}

function keepLoginDraft({ draft, image, lastFrame, references }: GeneratorForm): boolean {
  const { prompts, modelId, seconds, negativePrompt, shape, variations, seed, advancedOpen } = draft;
  const hadPictures = Boolean(image.file || lastFrame.file || references.files.length);
  const kept: LoginDraft = {
    prompts,
    modelId,
    seconds,
    negativePrompt,
    shape,
    variations,
    seed,
    advancedOpen,
    hadPictures,
  };
  return keepDraft(DRAFT_KEY, kept);
}

/**
 * The draft's trip through sign-in: `keep` as the visitor follows the Login link; back on the page,
 * once the session is known, the kept draft fills the form (once), with a notice when pictures had
 * to be left behind.
 */
export function useLoginDraft(form: GeneratorForm, sessionKnown: boolean) {
  const [notice, setNotice] = useState<PrefillNotice | null>(null);
  const taken = useRef(false);
  const restored = useRef(false);
  const { restore, draft } = form;
  useEffect(() => {
    if (!sessionKnown || taken.current) return;
    taken.current = true;
    const kept = takeDraft<KeptDraft>(DRAFT_KEY);
    if (!kept || typeof kept !== 'object') return;
    restore(keptFields(draft, kept));
    restored.current = true;
    // oxlint-disable-next-line react/set-state-in-effect -- sessionStorage is read after hydration, once the session is known
    if (kept.hadPictures === true) setNotice({ kind: 'picturesAgain' });
  }, [sessionKnown, restore, draft]);

  return {
    notice,
    dismissNotice: () => setNotice(null),
    keep: () => keepLoginDraft(form),
    /** Whether a kept draft filled the form. */
    restored: useCallback(() => restored.current, []),
  };
}
