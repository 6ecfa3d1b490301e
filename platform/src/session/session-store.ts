import type { PublicUser as User } from '@veo3/contracts/auth';

export const USER_KEY = 'user';
export const TOKEN_KEY = 'authToken';

export interface SessionState {
  user: User | null;
  token: string | null;
  /** false until the stored login has been read (the app shows its loading screen until then). */
  restored: boolean;
}

type Listener = () => void;

let state: SessionState = { user: null, token: null, restored: false };
const listeners = new Set<Listener>();
let listeningToOtherTabs = false;

function emit(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

function isUser(value: unknown): value is User {
  if (!value || typeof value !== 'object') return false;
  const u = value as Record<string, unknown>;
  return (typeof u.id === 'string' || typeof u.id === 'number') && typeof u.email === 'string';
}

/** The stored login; a bad value is cleared only when `repair` (at start), never while another tab is writing. */
function readStored(repair: boolean): Pick<SessionState, 'user' | 'token'> {
  const token = localStorage.getItem(TOKEN_KEY);
  const rawUser = localStorage.getItem(USER_KEY);
  if (!token && !rawUser) return { user: null, token: null };
  try {
    const user: unknown = rawUser ? JSON.parse(rawUser) : null;
    if (!token || !isUser(user)) throw new Error('incomplete stored login');
    return { user: { ...user, id: String(user.id) }, token };
  } catch {
    // A bad stored value clears both items (SPEC §4).
    if (repair) {
      localStorage.removeItem(TOKEN_KEY);
      localStorage.removeItem(USER_KEY);
    }
    return { user: null, token: null };
  }
}

function onStorage(event: StorageEvent): void {
  if (event.key !== null && event.key !== TOKEN_KEY && event.key !== USER_KEY) return;
  emit({ ...readStored(false), restored: true });
}

export const sessionStore = {
  getState(): SessionState {
    return state;
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Reads the stored login and starts following other tabs. Safe to call more than once. */
  restore(): SessionState {
    if (!listeningToOtherTabs && typeof window !== 'undefined') {
      window.addEventListener('storage', onStorage);
      listeningToOtherTabs = true;
    }
    emit({ ...readStored(true), restored: true });
    return state;
  },

  signIn(token: string, user: User): void {
    // The user first: other tabs treat the token's arrival as the sign-in.
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    localStorage.setItem(TOKEN_KEY, token);
    emit({ user, token, restored: true });
  },

  /** Replaces the stored user when fetched data differs (SPEC §4 'Credits'). */
  updateUser(patch: Partial<User>): void {
    if (!state.user) return;
    const user = { ...state.user, ...patch };
    if (JSON.stringify(user) === JSON.stringify(state.user)) return;
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    emit({ ...state, user });
  },

  signOut(): void {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    emit({ user: null, token: null, restored: true });
  },
};
