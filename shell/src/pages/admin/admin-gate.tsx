import type { PublicUser as User } from '@veo3/contracts/auth';
import type { RemoteName } from '@veo3/contracts/runtime-config';
import { Link, Navigate, useLocation } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { loginPath } from '@veo3/platform/session/login-return';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useSession } from '@veo3/platform/session/use-session';
import { Spinner } from '@veo3/platform/ui/spinner';
import { RemoteRoute } from '../../remotes/remote-route';
import { adminGateMessages } from './admin-gate.messages';
import './admin-gate.css';

interface Gate {
  remote: RemoteName;
  expose: string;
  path: string;
  allowed: (user: User) => boolean;
  text: 'notAllowedText' | 'blogNotAllowedText';
}

const GATES = {
  admin: { remote: 'admin', expose: 'admin-page', path: '/admin', allowed: (u) => u.is_admin, text: 'notAllowedText' },
  blogAdmin: {
    remote: 'blogAdmin',
    expose: 'blog-admin-page',
    path: '/blog-admin',
    allowed: (u) => u.can_manage_blog,
    text: 'blogNotAllowedText',
  },
} satisfies Record<string, Gate>;

/**
 * A role's screen: its remote for a user who holds the role only. Anyone else gets the shell's own
 * "not allowed" page and the remote is never requested (its code is of no use to them); signed out,
 * the login page, which comes back here. The server checks the role on every request all the same.
 */
function RoleGate({ gate }: { gate: Gate }) {
  const { user, token, restored } = useSession();
  const { pathname, search } = useLocation();
  if (!restored) return <Spinner size="lg" />;
  if (!token || !user) return <Navigate to={loginPath(`${pathname}${search}`)} replace />;
  if (!gate.allowed(user)) return <NotAllowedPage gate={gate} />;
  return <RemoteRoute remote={gate.remote} expose={gate.expose} />;
}

/** /admin and below: the admin console, for an administrator. */
export function AdminGate() {
  return <RoleGate gate={GATES.admin} />;
}

/** /blog-admin and below: blog management, for a blog manager (can_manage_blog). */
export function BlogAdminGate() {
  return <RoleGate gate={GATES.blogAdmin} />;
}

function NotAllowedPage({ gate }: { gate: Gate }) {
  const t = useT(adminGateMessages);
  usePageMeta(t('notAllowedTitle'), gate.path);
  return (
    <section className="shell-admin-denied" aria-labelledby="admin-denied-title">
      <svg className="shell-admin-denied__icon" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M5.6 5.6l12.8 12.8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <h1 id="admin-denied-title" className="shell-admin-denied__title">
        {t('notAllowedTitle')}
      </h1>
      <p className="shell-admin-denied__text">{t(gate.text)}</p>
      <p className="shell-admin-denied__hint">{t('notAllowedHint')}</p>
      <Link to="/" className="pf-button pf-button--primary pf-button--md">
        {t('backHome')}
      </Link>
    </section>
  );
}
