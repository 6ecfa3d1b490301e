import { Link, Navigate } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useSession } from '@veo3/platform/session/use-session';
import { Spinner } from '@veo3/platform/ui/spinner';
import { RemoteRoute } from '../../remotes/remote-route';
import { adminGateMessages } from './admin-gate.messages';
import './admin-gate.css';

/**
 * /admin and below: the admin console remote for an administrator only. Anyone else gets the shell's
 * own "not allowed" page and the remote is never requested (its code is of no use to them). The
 * server checks the role on every admin route all the same.
 */
export function AdminGate() {
  const { user, token, restored } = useSession();
  if (!restored) return <Spinner size="lg" />;
  if (!token || !user) return <Navigate to="/login" replace />;
  if (!user.is_admin) return <NotAllowedPage />;
  return <RemoteRoute remote="admin" expose="admin-page" />;
}

function NotAllowedPage() {
  const t = useT(adminGateMessages);
  usePageMeta(t('notAllowedTitle'), '/admin');
  return (
    <section className="shell-admin-denied" aria-labelledby="admin-denied-title">
      <svg className="shell-admin-denied__icon" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M5.6 5.6l12.8 12.8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <h1 id="admin-denied-title" className="shell-admin-denied__title">
        {t('notAllowedTitle')}
      </h1>
      <p className="shell-admin-denied__text">{t('notAllowedText')}</p>
      <p className="shell-admin-denied__hint">{t('notAllowedHint')}</p>
      <Link to="/" className="pf-button pf-button--primary pf-button--md">
        {t('backHome')}
      </Link>
    </section>
  );
}
