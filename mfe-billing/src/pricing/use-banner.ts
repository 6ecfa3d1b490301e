import { useCallback, useEffect, useRef, useState } from 'react';

/** SPEC §4: a success banner clears after 3 s, an error banner after 5 s. */
export const SUCCESS_BANNER_MS = 3_000;
export const ERROR_BANNER_MS = 5_000;

export interface Banner {
  kind: 'success' | 'error';
  text: string;
  /** A new id for every banner, so the same text shown twice restarts its timer. */
  id: number;
}

/** One banner at a time on the pricing page; it clears itself after its time, or when dismissed. */
export function useBanner() {
  const [banner, setBanner] = useState<Banner | null>(null);
  const nextId = useRef(0);

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(
      () => setBanner((current) => (current?.id === banner.id ? null : current)),
      banner.kind === 'success' ? SUCCESS_BANNER_MS : ERROR_BANNER_MS,
    );
    return () => clearTimeout(timer);
  }, [banner]);

  const show = useCallback((kind: Banner['kind'], text: string) => {
    nextId.current += 1;
    setBanner({ kind, text, id: nextId.current });
  }, []);

  return {
    banner,
    showSuccess: useCallback((text: string) => show('success', text), [show]),
    showError: useCallback((text: string) => show('error', text), [show]),
    dismiss: useCallback(() => setBanner(null), []),
  };
}
