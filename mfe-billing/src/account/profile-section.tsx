import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@veo3/contracts/auth';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { fetchAccountProfile } from '../api/account-api';
import { billingKeys } from '../api/billing-keys';
import { accountMessages } from './account.messages';
import styles from './account-page.module.css';

/** The signed-in user as the account page shows them: avatar, name, e-mail, how they sign in, since when. */
export function ProfileSection({ user, headingId }: { user: PublicUser; headingId: string }) {
  const t = useT(accountMessages);
  const lang = useLanguage();
  const profile = useQuery({
    queryKey: billingKeys.profile(user.id),
    queryFn: ({ signal }) => fetchAccountProfile(signal),
  });
  const name = user.name?.trim() || user.email.split('@')[0] || user.email;
  const avatar = user.avatar_url || user.picture;
  const since = profile.data ? formatDate(profile.data.member_since, lang) : '…';

  return (
    <>
      <h2 id={headingId} className={styles.sectionTitle}>
        {t('profileHeading')}
      </h2>
      <div className={styles.profile}>
        {avatar ? (
          <img className={styles.avatar} src={avatar} alt="" referrerPolicy="no-referrer" />
        ) : (
          <span className={styles.avatar} aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <dl className={styles.facts}>
          <dt>{t('name')}</dt>
          <dd>{name}</dd>
          <dt>{t('email')}</dt>
          <dd>{user.email}</dd>
          <dt>{t('provider')}</dt>
          <dd>{t(`provider_${user.provider}`)}</dd>
          <dt>{t('memberSince')}</dt>
          <dd data-testid="member-since">
            {profile.data ? <time dateTime={profile.data.member_since}>{since}</time> : since}
          </dd>
        </dl>
      </div>
    </>
  );
}
