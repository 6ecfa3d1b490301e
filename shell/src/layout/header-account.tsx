import { Link, useLocation } from '@veo3/platform/routing/router';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { useBalance } from '@veo3/platform/credits/use-balance';
import { loginPath } from '@veo3/platform/session/login-return';
import { useSession } from '@veo3/platform/session/use-session';
import { shellMessages } from '../shell.messages';
import { AccountMenu } from './account-menu';

/** The Login link: sign-in comes back to this page (path and query); on /login itself it stays as it is. */
export function LoginLink({ className }: { className?: string }) {
  const t = useT(shellMessages);
  const { pathname, search } = useLocation();
  const to = pathname === '/login' ? `${pathname}${search}` : loginPath(`${pathname}${search}`);
  return (
    <Link to={to} className={className}>
      {t('login')}
    </Link>
  );
}

/**
 * The balance as '2,068 credits' in the reader's language; the stored figure, dimmed and announced
 * as updating, until the server's arrives. On phones the header shows the number alone (CSS), and
 * screen readers still hear the whole text.
 */
export function HeaderBalance({ testId }: { testId?: string }) {
  const t = useT(shellMessages);
  const lang = useLanguage();
  const { credits, updating } = useBalance();
  const count = formatNumber(credits, lang);
  return (
    <Link
      to="/credits"
      className={`shell-credits${updating ? ' is-updating' : ''}`}
      aria-busy={updating || undefined}
      data-testid={testId}
    >
      <span aria-hidden="true">◆</span> <span className="shell-credits__full">{t('creditsCount', { count })}</span>
      <span className="shell-credits__short" aria-hidden="true">
        {count}
      </span>
      {updating && <span className="pf-visually-hidden"> {t('balanceUpdating')}</span>}
    </Link>
  );
}

/**
 * The header's account area. Before the stored login is read (the server's page, and the browser's
 * first render, which must match it) both a signed-in placeholder and Login are rendered and the
 * head's session hint (`html[data-session]`) shows one: a stored session never sees Login.
 */
export function HeaderAccount() {
  const { user, restored } = useSession();
  if (!restored) {
    return (
      <>
        <span className="shell-account-pending" aria-hidden="true">
          <span className="shell-account-pending__credits" />
          <span className="shell-account-pending__avatar" />
        </span>
        <LoginLink className="pf-button pf-button--primary pf-button--sm shell-login-pending" />
      </>
    );
  }
  if (!user) return <LoginLink className="pf-button pf-button--primary pf-button--sm" />;
  return (
    <>
      <HeaderBalance testId="header-credits" />
      <AccountMenu user={user} />
    </>
  );
}
