import { useEffect, type RefObject } from 'react';

/**
 * Closes a popup on a click outside `ref`. Escape is left to useFocusTrap alone: a second Escape
 * listener here closed the popup first, and the re-render removed the trap's listener before it
 * could run, so focus fell to the page instead of going back to the toggle.
 */
export function useDismiss(ref: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) close();
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [ref, open, close]);
}
