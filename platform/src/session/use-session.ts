import { useSyncExternalStore } from 'react';
import { sessionStore, type SessionState } from '@veo3/platform/session/session-store';

/** What a pre-rendered page shows: nobody signed in (the server cannot read the stored login). */
const SIGNED_OUT: SessionState = { user: null, token: null, restored: false };
const serverSnapshot = () => SIGNED_OUT;

/** The session; a hydrating page first renders signed out, as its server HTML did, then the stored login. */
export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, serverSnapshot);
}
