/**
 * A page's unsent work (a prompt, a chosen plan) kept in this tab across the sign-in round trip:
 * the page calls `keepDraft` as it sends the visitor to sign in, and `takeDraft` when it mounts.
 * sessionStorage, so it stays in this tab and is gone when the tab closes; a draft older than
 * DRAFT_TTL_MS is dropped (a prompt written yesterday should not reappear).
 */
const PREFIX = 'draft:';
export const DRAFT_TTL_MS = 60 * 60 * 1000;

interface StoredDraft {
  savedAt: number;
  value: unknown;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage can be blocked (privacy settings): then there is simply no draft.
    return null;
  }
}

/** Keeps `value` (anything JSON can hold) under `key`, replacing an earlier draft; false when it could not be kept. */
export function keepDraft(key: string, value: unknown): boolean {
  const store = storage();
  if (!store) return false;
  try {
    const stored: StoredDraft = { savedAt: Date.now(), value };
    store.setItem(PREFIX + key, JSON.stringify(stored));
    return true;
  } catch {
    // Full or blocked storage: the draft is lost, the page still works.
    return false;
  }
}

/** The draft kept under `key`, removed as it is read (it is restored once); null when none is kept, it is too old or unreadable. */
export function takeDraft<T>(key: string): T | null {
  const store = storage();
  const raw = store?.getItem(PREFIX + key);
  if (!store || raw == null) return null;
  store.removeItem(PREFIX + key);
  try {
    const stored = JSON.parse(raw) as Partial<StoredDraft>;
    if (typeof stored.savedAt !== 'number' || Date.now() - stored.savedAt > DRAFT_TTL_MS) return null;
    return (stored.value ?? null) as T | null;
  } catch {
    return null;
  }
}
