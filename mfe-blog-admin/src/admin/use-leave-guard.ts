import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@veo3/platform/routing/router';

/** Marks the history entry the guard adds on top of the editor's own (same address). */
const GUARD = 'unsavedChangesGuard';

/** Whether the router's state of an entry (history.state.usr, useLocation().state) is the guard's. */
function isGuardState(state: unknown): boolean {
  return (state as Record<string, unknown> | null)?.[GUARD] === true;
}

/** A same-site link the router would follow on this click, or null (new tab, download, other site). */
function followedLink(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return null;
  if (link.target && link.target !== '_self') return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * Asks before unsaved changes are left behind. The shell's router has no blocker (it is not a data
 * router), so the ways out are caught here: `requestLeave` for the page's own buttons, clicks on
 * links (caught before the router sees them), the browser's Back (while the draft differs, the
 * page stands on a second entry of its own address: Back lands on the first, the editor stays, the
 * second is pushed again, and leaving means two steps back) and closing or reloading the tab (the
 * browser's own question). `pending` is set while the question is open.
 */
export function useLeaveGuard(dirty: boolean) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<(() => void) | null>(null);
  const released = useRef(false);
  const location = useLocation();
  const guarded = location.pathname;
  const onGuardEntry = isGuardState(location.state);

  useEffect(() => {
    if (!dirty || onGuardEntry) return;
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { state: { ...(location.state as object | null), [GUARD]: true } },
    );
  }, [dirty, onGuardEntry, navigate, location]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const to = released.current ? null : followedLink(event);
      if (to === null) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(() => () => navigate(to));
    };
    // Back from the guard's entry to the editor's own: the same page, so the router keeps the editor.
    const onPopState = (event: PopStateEvent) => {
      const usr = (event.state as { usr?: unknown } | null)?.usr;
      if (released.current || isGuardState(usr) || window.location.pathname !== guarded) return;
      setPending(() => () => window.history.go(-2));
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
    };
  }, [dirty, guarded, navigate]);

  /** Runs `leave` at once when nothing changed, else once the user agrees to discard the changes. */
  const requestLeave = useCallback(
    (leave: () => void) => {
      if (dirty) setPending(() => leave);
      else leave();
    },
    [dirty],
  );
  const discard = () => {
    const leave = pending;
    released.current = true;
    setPending(null);
    leave?.();
  };
  const stay = () => setPending(null);

  return { asking: pending !== null, requestLeave, discard, stay };
}
