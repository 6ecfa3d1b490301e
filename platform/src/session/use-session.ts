import { useSyncExternalStore } from 'react';
import { sessionStore, type SessionState } from '@veo3/platform/session/session-store';

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState);
}
