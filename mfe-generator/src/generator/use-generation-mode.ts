import { useCallback } from 'react';
import { useSearchParams } from '@veo3/platform/routing/router';
import { parseMode, type GenerationMode } from './model-options';

/** The mode lives in `?type=` so links can open a tab; switching replaces the history entry (SPEC §2). */
export function useGenerationMode(): [GenerationMode, (mode: GenerationMode) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const mode = parseMode(searchParams.get('type'));
  const setMode = useCallback(
    (next: GenerationMode) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          params.set('type', next);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  return [mode, setMode];
}
