import { useEffect, useRef, type RefObject } from 'react';
import type { FocusTarget } from './use-delete-with-undo';

/**
 * After a delete or an undo, once the list is drawn: the named card's first action, or the heading.
 * Returns the ref for the list.
 */
export function useDeleteFocus(
  focus: FocusTarget | null,
  focusDone: () => void,
  headingRef: RefObject<HTMLHeadingElement | null>,
) {
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!focus) return;
    const target =
      focus === 'heading'
        ? headingRef.current
        : listRef.current?.querySelector<HTMLElement>(`[data-task-id="${focus.taskId}"] [data-first-action]`);
    if (!target) return;
    target.focus();
    focusDone();
  });
  return listRef;
}
