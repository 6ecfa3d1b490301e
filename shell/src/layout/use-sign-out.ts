import { useCallback } from 'react';
import { useNavigate } from '@veo3/platform/routing/router';
import { sessionStore } from '@veo3/platform/session/session-store';
import { getQueryClient } from '@veo3/platform/query/query-client';

/** Sign-out (SPEC §4): removes the stored token and user, forgets cached data, goes to /. */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    sessionStore.signOut();
    getQueryClient().clear();
    navigate('/');
  }, [navigate]);
}
