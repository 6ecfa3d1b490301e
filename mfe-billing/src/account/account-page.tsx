import { useId, type ComponentType } from 'react';
import type { PublicUser } from '@veo3/contracts/auth';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useSession } from '@veo3/platform/session/use-session';
import { CreditsOverview } from '../credits/credits-page';
import { accountMessages } from './account.messages';
import { ApiKeysSection } from './api-keys-section';
import { AccountDeletedNotice, DeleteAccountSection, wasAccountDeleted } from './delete-account-section';
import { ExportSection } from './export-section';
import { NotificationsSection } from './notifications-section';
import { PaymentsSection } from './payments-section';
import { PlanSection } from './plan-section';
import { ProfileSection } from './profile-section';
import { ReferralsSection, useReferrals } from './referrals-section';
import styles from './account-page.module.css';
import { SignInNotice } from './sign-in-notice';
import { WebhooksSection } from './webhooks-section';

type AccountKey = keyof (typeof accountMessages)['en'];
interface SectionProps {
  user: PublicUser;
  headingId: string;
}

function CreditsSection({ user, headingId }: SectionProps) {
  const t = useT(accountMessages);
  return (
    <>
      <h2 id={headingId} className={styles.sectionTitle}>
        {t('creditsHeading')}
      </h2>
      <CreditsOverview userId={user.id} historyHeading="h3" />
    </>
  );
}

/**
 * The page's sections, in order, each with its anchor and its entry in the page's own menu. Data
 * export, account deletion and API keys (other issues) are added here as sections of their own.
 */
const SECTIONS: { id: string; label: AccountKey; Section: ComponentType<SectionProps> }[] = [
  { id: 'profile', label: 'profileHeading', Section: ProfileSection },
  { id: 'credits', label: 'creditsHeading', Section: CreditsSection },
  { id: 'payments', label: 'paymentsHeading', Section: PaymentsSection },
  { id: 'plan', label: 'planHeading', Section: PlanSection },
  { id: 'notifications', label: 'notificationsHeading', Section: NotificationsSection },
  { id: 'invite', label: 'inviteHeading', Section: ReferralsSection },
  { id: 'data', label: 'exportHeading', Section: ExportSection },
  { id: 'api-keys', label: 'apiKeysHeading', Section: ApiKeysSection },
  { id: 'webhooks', label: 'webhooksHeading', Section: WebhooksSection },
  { id: 'delete', label: 'deleteHeading', Section: DeleteAccountSection },
];

/** /account: the signed-in user's profile, credits, payments with receipts, and plan. */
export default function AccountPage() {
  const t = useT(accountMessages);
  const { user } = useSession();
  const baseId = useId();
  usePageMeta(t('title'), '/account', t('metaDescription'));
  // Referrals off (REFERRAL_CREDITS=0): no "Invite friends" section, nor its entry in the menu.
  const referralsOff = useReferrals(user?.id).data?.reward_credits === 0;
  const sections = SECTIONS.filter(({ id }) => id !== 'invite' || !referralsOff);

  if (!user) {
    if (wasAccountDeleted()) return <AccountDeletedNotice />;
    return (
      <SignInNotice
        title={t('title')}
        text={t('signedOutText')}
        login={t('login')}
        classes={{ page: styles.page, title: styles.title, text: styles.muted }}
      />
    );
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('title')}</h1>
      <nav className={styles.sectionNav} aria-label={t('sectionsNav')}>
        {sections.map(({ id, label }) => (
          <a key={id} href={`#${id}`}>
            {t(label)}
          </a>
        ))}
      </nav>
      {sections.map(({ id, Section }) => (
        <section key={id} id={id} className={styles.section} aria-labelledby={`${baseId}-${id}`}>
          <Section user={user} headingId={`${baseId}-${id}`} />
        </section>
      ))}
    </div>
  );
}
