import { useEffect, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The entries Tab can reach: one hidden by a media query (the mobile menu's language row) is skipped. */
function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.checkVisibility?.() !== false);
}

/**
 * Keeps keyboard focus inside an open popup (its toggle button and its contents): opening it moves
 * focus to its first entry, Tab and Shift+Tab cycle through the toggle and the entries, the arrow
 * keys move between entries, and Escape closes it and gives focus back to the toggle. A click
 * elsewhere (see useDismiss) closes it without taking focus from where the visitor put it.
 * `close` must be stable (useCallback), or focus jumps back to the first entry on every render.
 */
export function useFocusTrap(
  open: boolean,
  popupRef: RefObject<HTMLElement | null>,
  toggleRef: RefObject<HTMLElement | null>,
  close: () => void,
): void {
  useEffect(() => {
    const popup = popupRef.current;
    if (!open || !popup) return;
    focusables(popup)[0]?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      const toggle = toggleRef.current;
      const entries = focusables(popup);
      const ring = toggle ? [toggle, ...entries] : entries;
      const active = document.activeElement as HTMLElement | null;
      const index = active ? ring.indexOf(active) : -1;
      if (event.key === 'Escape') {
        event.preventDefault();
        // Focus moves before the popup closes, so it is never left on an entry that is going away.
        toggle?.focus();
        close();
        return;
      }
      if (index === -1 || ring.length === 0) return;
      if (event.key === 'Tab') {
        const last = ring.length - 1;
        if (event.shiftKey && index === 0) {
          event.preventDefault();
          ring[last]!.focus();
        } else if (!event.shiftKey && index === last) {
          event.preventDefault();
          ring[0]!.focus();
        }
      } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && entries.length > 0) {
        event.preventDefault();
        const at = entries.indexOf(active!);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        const next = at === -1 ? (step === 1 ? 0 : entries.length - 1) : (at + step + entries.length) % entries.length;
        entries[next]!.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, popupRef, toggleRef, close]);
}
