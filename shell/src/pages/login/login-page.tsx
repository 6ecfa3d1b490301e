import { useRef } from 'react';
import { getRuntimeConfig } from '@veo3/platform/config/runtime-config';
import { Link, Navigate, useSearchParams } from '@veo3/platform/routing/router';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { safeReturnPath } from '@veo3/platform/session/login-return';
import { useSession } from '@veo3/platform/session/use-session';
import { Button } from '@veo3/platform/ui/button';
import { interpolate } from '../shared/interpolate';
import { DevLoginForm } from './dev-login-form';
import { loginMessages } from './login.messages';
import { useSignIn } from './use-sign-in';
import '../shared/marketing.css';
import './login-page.css';

export function LoginPage() {
  const t = useT(loginMessages);
  const lang = useLanguage();
  usePageMeta(t('metaTitle'), '/login', t('metaDescription'));
  const { user, token } = useSession();
  const { googleClientId, devLogin } = getRuntimeConfig();
  const googleButton = useRef<HTMLDivElement>(null);
  // Back to the page that asked for sign-in (never off this site).
  const next = safeReturnPath(useSearchParams()[0].get('next'));
  const { busy, notice, run } = useSignIn(googleClientId, lang, googleButton, next);

  if (user && token && !busy) return <Navigate to={next} replace />;

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

        {devLogin && <DevLoginForm hasGoogle={Boolean(googleClientId)} busy={busy} run={run} />}

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
