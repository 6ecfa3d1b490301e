import { useState } from 'react';
import { Link, Navigate } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useSession } from '@veo3/platform/session/use-session';
import { Button } from '@veo3/platform/ui/button';
import { interpolate } from '../shared/interpolate';
import { loginMessages } from './login.messages';
import '../shared/marketing.css';
import './login-page.css';

export interface LoginPageProps {
  /** Runs the Google sign-in flow and stores the session; until it is provided the button explains that. */
  onGoogleSignIn?: () => Promise<void>;
}

type Notice = 'notReady' | 'googleFailed';

function GoogleLogo() {
  return (
    <svg className="shell-login__google-logo" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#FFC107"
        d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.9z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z"
      />
    </svg>
  );
}

export function LoginPage({ onGoogleSignIn }: LoginPageProps) {
  const t = useT(loginMessages);
  usePageMeta(t('metaTitle'), '/login', t('metaDescription'));
  const { user, token } = useSession();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  if (user && token) return <Navigate to="/" replace />;

  async function signIn() {
    if (!onGoogleSignIn) {
      setNotice('notReady');
      return;
    }
    setNotice(null);
    setBusy(true);
    try {
      await onGoogleSignIn();
    } catch {
      setNotice('googleFailed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="shell-login">
      <section className="shell-login__card" aria-labelledby="login-title">
        <span className="shell-login__mark" aria-hidden="true">
          <svg viewBox="0 0 24 24">
            <path d="m9 7 8 5-8 5z" fill="currentColor" />
          </svg>
        </span>
        <h1 id="login-title" className="shell-login__title">
          {t('title')}
        </h1>
        <p className="shell-login__lead">{t('lead')}</p>

        <Button variant="secondary" size="lg" className="shell-login__google" busy={busy} onClick={() => void signIn()}>
          {busy ? (
            t('signingIn')
          ) : (
            <>
              <GoogleLogo />
              {t('continueWithGoogle')}
            </>
          )}
        </Button>

        <div className="shell-login__notice-slot" role={notice === 'googleFailed' ? 'alert' : 'status'}>
          {notice && (
            <p className={`shell-login__notice shell-login__notice--${notice === 'googleFailed' ? 'error' : 'info'}`}>
              {t(notice)}
            </p>
          )}
        </div>

        <div className="shell-login__benefits">
          <h2 className="shell-login__benefits-title">{t('benefitsTitle')}</h2>
          <ul className="shell-check-list">
            <li>{t('benefitGenerate')}</li>
            <li>{t('benefitHistory')}</li>
            <li>{t('benefitCredits')}</li>
          </ul>
        </div>

        <p className="shell-login__legal">
          {interpolate(t('legal'), {
            terms: <Link to="/terms-of-service">{t('terms')}</Link>,
            privacy: <Link to="/privacy-policy">{t('privacy')}</Link>,
          })}
        </p>
      </section>
    </div>
  );
}
