import { useCallback, useEffect, useState, type RefObject } from 'react';
import { trackEvent } from '@veo3/platform/analytics/analytics';
import { signInWithGoogle } from '@veo3/platform/auth/auth-api';
import { useNavigate } from '@veo3/platform/routing/router';
import type { Language } from '@veo3/platform/i18n/i18n';
import { forgetReferral, pendingReferral } from '../../referrals/referral-link';
import { renderGoogleButton } from './google-identity';

export type Notice = 'googleFailed' | 'loginFailed' | 'googleUnavailable';

/**
 * The login page's sign-in: `run` signs in with one method and goes to `next` (the page that asked
 * for sign-in, already checked to be on this site), or shows that method's failure; Google's own button is rendered into `googleButton` when a client id is configured.
 */
export function useSignIn(
  googleClientId: string | null,
  lang: Language,
  googleButton: RefObject<HTMLDivElement | null>,
  next: string,
) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const run = useCallback(
    async (method: 'google' | 'dev', signIn: () => Promise<unknown>) => {
      setNotice(null);
      setBusy(true);
      try {
        await signIn();
        forgetReferral();
        trackEvent('login', { method });
        navigate(next, { replace: true });
      } catch {
        setNotice(method === 'google' ? 'googleFailed' : 'loginFailed');
      } finally {
        setBusy(false);
      }
    },
    [navigate, next],
  );

  useEffect(() => {
    const element = googleButton.current;
    if (!googleClientId || !element) return;
    renderGoogleButton(
      element,
      googleClientId,
      lang,
      (idToken) => void run('google', () => signInWithGoogle(idToken, pendingReferral())),
    ).catch(() => setNotice('googleUnavailable'));
  }, [googleClientId, lang, run, googleButton]);

  return { busy, notice, run };
}
