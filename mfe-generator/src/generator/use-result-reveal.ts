import { useCallback, useEffect, useRef } from 'react';
import type { GenerationState } from './generation-state';
import { revealIfHidden } from './reveal-if-hidden';

/** After Generate (or a follow-up), the result is brought into view as it changes, until the generation ends. */
export function useResultReveal(phase: GenerationState['phase']) {
  const resultRef = useRef<HTMLElement>(null);
  const revealPending = useRef(false);

  useEffect(() => {
    if (!revealPending.current || phase === 'idle') return;
    revealIfHidden(resultRef.current);
    if (phase !== 'generating') revealPending.current = false;
  }, [phase]);

  const requestReveal = useCallback(() => {
    revealPending.current = true;
  }, []);
  return { resultRef, requestReveal };
}
