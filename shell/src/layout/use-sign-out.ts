import { useCallback } from 'react';
import { useNavigate } from '@veo3/platform/routing/router';
import { signOut } from '@veo3/platform/auth/auth-api';
import { getQueryClient } from '@veo3/platform/query/query-client';

/** Sign-out (SPEC §4): revokes the session, removes the stored token and user, forgets cached data, goes to /. */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    void signOut().finally(() => {
      getQueryClient().clear();
      navigate('/');
    });
  }, [navigate]);
}
