import { useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from './use-dismiss';
import { useFocusTrap } from './use-focus-trap';

/**
 * The header's dropdowns (AI Tools, account): open/close state, the popup's id, and the refs that
 * give it a click-outside close (useDismiss) and a focus trap whose Escape closes it and returns
 * focus to the toggle (useFocusTrap). `rootRef` wraps toggle and popup, `toggleRef` is the button, `popupRef`
 * the menu.
 */
export function useDropdown() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((v) => !v), []);
  useDismiss(rootRef, open, close);
  useFocusTrap(open, popupRef, toggleRef, close);
  return { open, close, toggle, rootRef, toggleRef, popupRef, menuId };
}
