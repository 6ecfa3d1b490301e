import { useCallback, useEffect, useReducer, useRef } from 'react';
import { VIDEO_DURATION_SECONDS } from '@veo3/contracts/catalogue';
import type { VideoShape } from '@veo3/contracts/generation-options';
import { MAX_REFERENCE_IMAGES } from '@veo3/contracts/video';
import type { GenerationMode, ModelFamily } from './model-options';
import { useGenerationMode } from './use-generation-mode';
import { useImageField } from './use-image-field';
import { useImageList } from './use-image-list';
import type { TaskPrefill } from './use-task-prefill';
import type { GenerationIssue } from './validate-generation';
import { DEFAULT_SHAPE } from './video-format';

/** The check the Generate button last failed, tied to the mode it was pressed in. */
export interface Feedback {
  mode: GenerationMode;
  issue: GenerationIssue;
}

/** What the user typed and chose, before it is fitted to what the provider offers. */
export interface GeneratorDraft {
  /** Each tab keeps its own draft, and both start empty: the sample is a placeholder and 'Use example'. */
  prompts: Record<GenerationMode, string>;
  /** The model the user chose; until then the default for the tab and what the server offers. */
  family: ModelFamily | null;
  seconds: number;
  negativePrompt: string;
  shape: VideoShape;
  feedback: Feedback | null;
  advancedOpen: boolean;
  /** Bumped to focus the prompt with its text selected (a remix: the user says what to change). */
  selectPrompt: number;
}

type DraftAction =
  | { type: 'prompt'; mode: GenerationMode; value: string }
  | { type: 'family'; family: ModelFamily }
  | { type: 'seconds'; seconds: number }
  | { type: 'negativePrompt'; value: string }
  | { type: 'shape'; shape: VideoShape }
  | { type: 'feedback'; feedback: Feedback | null }
  | { type: 'advancedOpen'; open: boolean }
  | { type: 'prefill'; prefill: TaskPrefill }
  | { type: 'selectPrompt' };

const INITIAL_DRAFT: GeneratorDraft = {
  prompts: { text: '', image: '' },
  family: null,
  seconds: VIDEO_DURATION_SECONDS,
  negativePrompt: '',
  shape: DEFAULT_SHAPE,
  feedback: null,
  advancedOpen: false,
  selectPrompt: 0,
};

/** A task's prompt and settings put back in the form (its pictures are picked apart). */
function prefilled(draft: GeneratorDraft, { task, mode, lastFrame, referenceImages }: TaskPrefill): GeneratorDraft {
  const omni = task.model === 'omni';
  const negativePrompt = mode === 'text' ? (task.negative_prompt ?? '') : '';
  return {
    ...draft,
    family: omni ? 'omni' : 'veo',
    seconds: omni ? task.duration_s : draft.seconds,
    prompts: { ...draft.prompts, [mode]: task.prompt },
    shape: { aspectRatio: task.aspect_ratio, resolution: task.resolution },
    negativePrompt,
    advancedOpen: negativePrompt || lastFrame || referenceImages.length ? true : draft.advancedOpen,
  };
}

function draftReducer(draft: GeneratorDraft, action: DraftAction): GeneratorDraft {
  switch (action.type) {
    case 'prompt':
      return { ...draft, feedback: null, prompts: { ...draft.prompts, [action.mode]: action.value } };
    case 'family':
      return { ...draft, feedback: null, family: action.family };
    case 'seconds':
      return { ...draft, seconds: action.seconds };
    case 'negativePrompt':
      return { ...draft, negativePrompt: action.value };
    case 'shape':
      return { ...draft, shape: action.shape };
    case 'feedback':
      return { ...draft, feedback: action.feedback };
    case 'advancedOpen':
      return { ...draft, advancedOpen: action.open };
    case 'prefill':
      return prefilled(draft, action.prefill);
    case 'selectPrompt':
      return { ...draft, selectPrompt: draft.selectPrompt + 1 };
  }
}

/** The generator form's state: the tab, the draft, the pictures, and filling it all from a task. */
export function useGeneratorForm() {
  const [mode, setMode] = useGenerationMode();
  const [draft, dispatch] = useReducer(draftReducer, INITIAL_DRAFT);
  const image = useImageField();
  const lastFrame = useImageField();
  const references = useImageList(MAX_REFERENCE_IMAGES);
  const promptRef = useRef<HTMLTextAreaElement>(null);

  const { pick: pickImage } = image;
  const { pick: pickLastFrame } = lastFrame;
  const { pick: pickReferences, clear: clearReferences } = references;
  const fill = useCallback(
    async (prefill: TaskPrefill) => {
      setMode(prefill.mode);
      clearReferences();
      dispatch({ type: 'prefill', prefill });
      const { image: first, lastFrame: last, referenceImages } = prefill;
      await Promise.all([
        first && pickImage(first),
        last && pickLastFrame(last),
        referenceImages.length && pickReferences(referenceImages),
      ]);
      if (prefill.remix) dispatch({ type: 'selectPrompt' });
    },
    [setMode, pickImage, pickLastFrame, pickReferences, clearReferences],
  );

  useEffect(() => {
    if (!draft.selectPrompt) return;
    promptRef.current?.focus();
    promptRef.current?.select();
  }, [draft.selectPrompt]);

  return {
    mode,
    draft,
    image,
    lastFrame,
    references,
    promptRef,
    fill,
    switchMode: (next: GenerationMode) => {
      dispatch({ type: 'feedback', feedback: null });
      setMode(next);
    },
    setPrompt: (value: string) => dispatch({ type: 'prompt', mode, value }),
    setFamily: (family: ModelFamily) => dispatch({ type: 'family', family }),
    setSeconds: (seconds: number) => dispatch({ type: 'seconds', seconds }),
    setNegativePrompt: (value: string) => dispatch({ type: 'negativePrompt', value }),
    setShape: (shape: VideoShape) => dispatch({ type: 'shape', shape }),
    setFeedback: (feedback: Feedback | null) => dispatch({ type: 'feedback', feedback }),
    setAdvancedOpen: (open: boolean) => dispatch({ type: 'advancedOpen', open }),
  };
}

export type GeneratorForm = ReturnType<typeof useGeneratorForm>;
