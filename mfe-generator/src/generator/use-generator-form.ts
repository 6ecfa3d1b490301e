import { useCallback, useEffect, useReducer, useRef } from 'react';
import { VIDEO_DURATION_SECONDS } from '@veo3/contracts/catalogue';
import { isAspectRatio, isResolution, type VideoShape } from '@veo3/contracts/generation-options';
import type { RemixSource } from '@veo3/contracts/sharing';
import { MAX_REFERENCE_IMAGES } from '@veo3/contracts/video';
import type { GenerationMode } from './model-options';
import { rememberedModel, rememberModel } from './remembered-model';
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
  /** The model the user chose (its id); until then the tab's default among what the server offers. */
  modelId: string | null;
  /** "Compare models" is on: Generate makes one video with each ticked model. */
  compare: boolean;
  compareIds: string[];
  seconds: number;
  negativePrompt: string;
  shape: VideoShape;
  feedback: Feedback | null;
  advancedOpen: boolean;
  /** How many videos Generate makes (one of the options' variations). */
  variations: number;
  /** The seed as typed ('' for a random one), for a model that takes one. */
  seed: string;
  /** Bumped to focus the prompt with its text selected (a remix: the user says what to change). */
  selectPrompt: number;
}

/** What a draft kept across sign-in puts back: the text and choices (pictures cannot be kept). */
export type KeptFields = Pick<
  GeneratorDraft,
  'prompts' | 'modelId' | 'seconds' | 'negativePrompt' | 'shape' | 'variations' | 'seed' | 'advancedOpen'
>;

type DraftAction =
  | { type: 'prompt'; mode: GenerationMode; value: string }
  | { type: 'model'; modelId: string }
  | { type: 'remembered'; modelId: string }
  | { type: 'compare'; on: boolean }
  | { type: 'compared'; ids: string[] }
  | { type: 'seconds'; seconds: number }
  | { type: 'negativePrompt'; value: string }
  | { type: 'shape'; shape: VideoShape }
  | { type: 'feedback'; feedback: Feedback | null }
  | { type: 'advancedOpen'; open: boolean }
  | { type: 'variations'; count: number }
  | { type: 'seed'; value: string }
  | { type: 'prefill'; prefill: TaskPrefill }
  | { type: 'shareRemix'; source: RemixSource; mode: GenerationMode }
  | { type: 'restore'; kept: KeptFields }
  | { type: 'selectPrompt' };

const INITIAL_DRAFT: GeneratorDraft = {
  prompts: { text: '', image: '' },
  modelId: null,
  compare: false,
  compareIds: [],
  seconds: VIDEO_DURATION_SECONDS,
  negativePrompt: '',
  shape: DEFAULT_SHAPE,
  feedback: null,
  advancedOpen: false,
  variations: 1,
  seed: '',
  selectPrompt: 0,
};

/** A task's prompt and settings put back in the form (its pictures are picked apart). */
function prefilled(draft: GeneratorDraft, { task, mode, lastFrame, referenceImages }: TaskPrefill): GeneratorDraft {
  const negativePrompt = mode === 'text' ? (task.negative_prompt ?? '') : '';
  return {
    ...draft,
    modelId: task.model,
    compare: false,
    seconds: task.duration_s,
    prompts: { ...draft.prompts, [mode]: task.prompt },
    shape: { aspectRatio: task.aspect_ratio, resolution: task.resolution },
    negativePrompt,
    // Reuse keeps the seed, so the same prompt and seed make the same video again.
    seed: task.seed === null || task.seed === undefined ? '' : String(task.seed),
    advancedOpen:
      negativePrompt || lastFrame || referenceImages.length || task.seed !== null ? true : draft.advancedOpen,
  };
}

/** A shared video's prompt (unless its owner hides it) and settings put in the form ("Make one like this"). */
function remixed(draft: GeneratorDraft, source: RemixSource, mode: GenerationMode): GeneratorDraft {
  const negativePrompt = mode === 'text' ? (source.negative_prompt ?? '') : '';
  const { aspect_ratio: aspectRatio, resolution } = source;
  return {
    ...draft,
    modelId: source.model,
    compare: false,
    seconds: source.duration_s,
    prompts: { ...draft.prompts, [mode]: source.prompt ?? '' },
    shape: isAspectRatio(aspectRatio) && isResolution(resolution) ? { aspectRatio, resolution } : draft.shape,
    negativePrompt,
    seed: '',
    advancedOpen: negativePrompt ? true : draft.advancedOpen,
  };
}

function draftReducer(draft: GeneratorDraft, action: DraftAction): GeneratorDraft {
  switch (action.type) {
    case 'prompt':
      return { ...draft, feedback: null, prompts: { ...draft.prompts, [action.mode]: action.value } };
    case 'model':
      return { ...draft, feedback: null, modelId: action.modelId };
    case 'remembered':
      // A task's settings (Reuse) or a kept draft already chose one: they win.
      return draft.modelId === null ? { ...draft, modelId: action.modelId } : draft;
    case 'compare':
      return { ...draft, feedback: null, compare: action.on };
    case 'compared':
      return { ...draft, feedback: null, compareIds: action.ids };
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
    case 'variations':
      return { ...draft, feedback: null, variations: action.count };
    case 'seed':
      return { ...draft, feedback: null, seed: action.value };
    case 'prefill':
      return prefilled(draft, action.prefill);
    case 'shareRemix':
      return remixed(draft, action.source, action.mode);
    case 'restore':
      return { ...draft, ...action.kept, feedback: null };
    case 'selectPrompt':
      return { ...draft, selectPrompt: draft.selectPrompt + 1 };
  }
}

/** The generator form's state: the tab, the draft, the pictures, and filling it all from a task or a kept draft. */
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

  const restore = useCallback((kept: KeptFields) => dispatch({ type: 'restore', kept }), []);

  /** A shared video to remix: its prompt and settings (unless a kept draft holds them) and its offered first frame. */
  const fillFromShare = useCallback(
    async (source: RemixSource, tab: GenerationMode, first: File | null, fillText: boolean) => {
      setMode(tab);
      if (fillText) dispatch({ type: 'shareRemix', source, mode: tab });
      if (first) await pickImage(first);
      if (fillText && source.prompt) dispatch({ type: 'selectPrompt' });
    },
    [setMode, pickImage],
  );

  // Read after hydration: the pre-rendered page cannot know it.
  useEffect(() => {
    const remembered = rememberedModel();
    if (remembered) dispatch({ type: 'remembered', modelId: remembered });
  }, []);

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
    fillFromShare,
    restore,
    switchMode: (next: GenerationMode) => {
      dispatch({ type: 'feedback', feedback: null });
      setMode(next);
    },
    setPrompt: (value: string) => dispatch({ type: 'prompt', mode, value }),
    setModel: (modelId: string) => {
      rememberModel(modelId);
      dispatch({ type: 'model', modelId });
    },
    setCompare: (on: boolean) => dispatch({ type: 'compare', on }),
    setCompared: (ids: string[]) => dispatch({ type: 'compared', ids }),
    setSeconds: (seconds: number) => dispatch({ type: 'seconds', seconds }),
    setNegativePrompt: (value: string) => dispatch({ type: 'negativePrompt', value }),
    setShape: (shape: VideoShape) => dispatch({ type: 'shape', shape }),
    setFeedback: (feedback: Feedback | null) => dispatch({ type: 'feedback', feedback }),
    setAdvancedOpen: (open: boolean) => dispatch({ type: 'advancedOpen', open }),
    setVariations: (count: number) => dispatch({ type: 'variations', count }),
    setSeed: (value: string) => dispatch({ type: 'seed', value }),
  };
}

export type GeneratorForm = ReturnType<typeof useGeneratorForm>;
