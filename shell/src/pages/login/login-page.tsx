import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { trackEvent } from '@veo3/platform/analytics/analytics';
import { signInDev, signInWithGoogle } from '@veo3/platform/auth/auth-api';
import { getRuntimeConfig } from '@veo3/platform/config/runtime-config';
import { Link, Navigate, useNavigate } from '@veo3/platform/routing/router';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useSession } from '@veo3/platform/session/use-session';
import { Button } from '@veo3/platform/ui/button';
import { interpolate } from '../shared/interpolate';
import { loginMessages } from './login.messages';
import { renderGoogleButton } from './google-identity';
import '../shared/marketing.css';
import './login-page.css';

type Notice = 'googleFailed' | 'loginFailed' | 'googleUnavailable';

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

export function LoginPage() {
  const t = useT(loginMessages);
  const lang = useLanguage();
  usePageMeta(t('metaTitle'), '/login', t('metaDescription'));
  const { user, token } = useSession();
  const navigate = useNavigate();
  const { googleClientId, devLogin } = getRuntimeConfig();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [email, setEmail] = useState('');
  const googleButton = useRef<HTMLDivElement>(null);
  const emailId = useId();

  const run = useCallback(
    async (method: 'google' | 'dev', signIn: () => Promise<unknown>) => {
      setNotice(null);
      setBusy(true);
      try {
        await signIn();
        trackEvent('login', { method });
        navigate('/', { replace: true });
      } catch {
        setNotice(method === 'google' ? 'googleFailed' : 'loginFailed');
      } finally {
        setBusy(false);
      }
    },
    [navigate],
  );

  useEffect(() => {
    const element = googleButton.current;
    if (!googleClientId || !element) return;
    renderGoogleButton(
      element,
      googleClientId,
      lang,
      (idToken) => void run('google', () => signInWithGoogle(idToken)),
    ).catch(() => setNotice('googleUnavailable'));
  }, [googleClientId, lang, run]);

  if (user && token && !busy) return <Navigate to="/" replace />;

  const noticeIsError = notice !== null;
  return (
    <div className="shell-login">
      <section className="shell-login__card" aria-labelledby="login-title" aria-busy={busy}>
        <span className="shell-login__mark" aria-hidden="true">
          <svg viewBox="0 0 24 24">
            <path d="m9 7 8 5-8 5z" fill="currentColor" />
          </svg>
        </span>
        <h1 id="login-title" className="shell-login__title">
          {t('title')}
        </h1>
        <p className="shell-login__lead">{t('lead')}</p>

        {googleClientId && (
          <div className="shell-login__google-slot">
            {/* Google renders its own "Continue with Google" button here. */}
            <div ref={googleButton} className="shell-login__google-button" hidden={busy} />
            {busy && (
              <Button variant="secondary" size="lg" className="shell-login__google" busy>
                {t('signingIn')}
              </Button>
            )}
          </div>
        )}

        {devLogin && (
          <form
            className="shell-login__dev"
            onSubmit={(event) => {
              event.preventDefault();
              void run('dev', () => signInDev(email.trim()));
            }}
          >
            {!googleClientId && (
              <Button
                variant="secondary"
                size="lg"
                className="shell-login__google"
                disabled
                aria-describedby={`${emailId}-hint`}
              >
                <GoogleLogo />
                {t('continueWithGoogle')}
              </Button>
            )}
            <p className="shell-login__dev-badge">{t('devTitle')}</p>
            <p id={`${emailId}-hint`} className="shell-login__dev-hint">
              {t('devHint')}
            </p>
            <label htmlFor={emailId} className="shell-login__label">
              {t('devEmail')}
            </label>
            <input
              id={emailId}
              className="shell-login__input"
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder="you@example.com"
            />
            <Button type="submit" size="lg" busy={busy} disabled={!email.trim()}>
              {busy ? t('signingIn') : t('devSubmit')}
            </Button>
          </form>
        )}

        <div className="shell-login__notice-slot" role={noticeIsError ? 'alert' : 'status'}>
          {notice && <p className="shell-login__notice shell-login__notice--error">{t(notice)}</p>}
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
