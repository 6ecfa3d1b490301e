import type { AdminUserDetail } from '@veo3/contracts/admin';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { adminMessages } from '../admin.messages';
import styles from '../console/admin-console.module.css';
import { AdjustCreditsForm } from './adjust-credits-form';
import { RoleBadges } from './role-badges';
import { RoleControls } from './role-controls';
import { DeleteAccountControl } from './delete-account-control';
import { SignOutControl } from './sign-out-control';

/** The newest session's start: each sign-in opens one. */
export function lastSignIn(sessions: AdminUserDetail['sessions']): string | null {
  return sessions.reduce<string | null>((latest, s) => (latest && latest > s.created_at ? latest : s.created_at), null);
}

/**
 * Who the user is (the e-mail as the page's title, the name when there is one), how they sign in,
 * since when and when last, the roles they hold, then the balance and the admin's actions on it.
 */
export function UserSummary({ user, lastSignedIn }: { user: AdminUserDetail['user']; lastSignedIn: string | null }) {
  const t = useT(adminMessages);
  const lang = useLanguage();
  const facts = [
    t('signedInWith', { provider: t(`provider_${user.provider}`) }),
    t('memberSince', { date: formatDate(user.created_at, lang) }),
    lastSignedIn ? t('lastSignIn', { date: formatDate(lastSignedIn, lang, true) }) : t('neverSignedIn'),
  ];
  const roles = user.is_admin || user.can_manage_blog;
  return (
    <>
      <h2 id="admin-user-title" className={styles.title}>
        {user.email}
      </h2>
      <p className={styles.intro}>
        {user.name && <>{user.name} · </>}
        {facts.join(' · ')}
        {roles && (
          <>
            {' · '}
            <RoleBadges user={user} />
          </>
        )}
      </p>
      <div className={styles.grid}>
        <section className={styles.card} aria-labelledby="admin-user-balance">
          <h3 id="admin-user-balance" className={styles.cardTitle}>
            {t('balance')}
          </h3>
          <p className={styles.stat}>{t('creditsValue', { count: formatNumber(user.credits, lang) })}</p>
        </section>
        <section className={styles.card} aria-label={t('adjustCredits')}>
          <AdjustCreditsForm userId={user.id} />
        </section>
        <section className={styles.card} aria-label={t('roles')}>
          <RoleControls user={user} />
        </section>
        <section className={styles.card} aria-label={t('signOutEverywhere')}>
          <SignOutControl user={user} />
        </section>
        <section className={styles.card} aria-label={t('deleteAccount')}>
          <DeleteAccountControl user={user} />
        </section>
      </div>
    </>
  );
}

/** The user's subscription: plan, cycle, status, and when it renews or was canceled. */
export function SubscriptionLine({ subscription }: { subscription: NonNullable<AdminUserDetail['subscription']> }) {
  const t = useT(adminMessages);
  const lang = useLanguage();
  return (
    <p>
      {t('subscriptionLine', {
        plan: subscription.plan_id,
        cycle: subscription.billing_cycle,
        status: subscription.status,
      })}
      {subscription.simulated && <span className={styles.badge}> {t('simulated')}</span>}
      <br />
      {subscription.current_period_end && t('renewsOn', { date: formatDate(subscription.current_period_end, lang) })}
      {subscription.canceled_at && ` · ${t('canceledOn', { date: formatDate(subscription.canceled_at, lang) })}`}
    </p>
  );
}
