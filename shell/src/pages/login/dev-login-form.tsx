import { useId, useState } from 'react';
import { signInDev } from '@veo3/platform/auth/auth-api';
import { useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { pendingReferral } from '../../referrals/referral-link';
import { GoogleLogo } from './google-logo';
import { loginMessages } from './login.messages';

interface DevLoginFormProps {
  /** Google sign-in is configured: its real button is shown above, so no stand-in here. */
  hasGoogle: boolean;
  busy: boolean;
  run: (method: 'dev', signIn: () => Promise<unknown>) => Promise<void>;
}

/** Development sign-in by e-mail address (shown when the server allows it). */
export function DevLoginForm({ hasGoogle, busy, run }: DevLoginFormProps) {
  const t = useT(loginMessages);
  const [email, setEmail] = useState('');
  const emailId = useId();
  return (
    <form
      className="shell-login__dev"
      onSubmit={(event) => {
        event.preventDefault();
        void run('dev', () => signInDev(email.trim(), { referralCode: pendingReferral() }));
      }}
    >
      {!hasGoogle && (
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
  );
}
