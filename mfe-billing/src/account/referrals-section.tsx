import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { ErrorPanel } from '@veo3/platform/ui/error-panel';
import { Spinner } from '@veo3/platform/ui/spinner';
import { fetchReferrals, referralKeys } from '../api/referrals-api';
import { accountMessages } from './account.messages';
import { copyText } from './copy-text';
import form from './account-form.module.css';
import styles from './account-page.module.css';
import own from './referrals-section.module.css';
import { referralsMessages } from './referrals.messages';

/** The caller's link and what it brought; the page reads it too, to leave the section out while referrals are off. */
export function useReferrals(userId: string | undefined) {
  return useQuery({
    queryKey: referralKeys.summary(userId ?? ''),
    queryFn: ({ signal }) => fetchReferrals(signal),
    enabled: Boolean(userId),
  });
}

function InviteLink({ link }: { link: string }) {
  const t = useT(referralsMessages);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'copied' | 'manual' | null>(null);
  const copy = async () => setCopied(await copyText(link, input.current));
  return (
    <>
      <label htmlFor={id} className={form.field}>
        {t('linkLabel')}
      </label>
      <div className={own.linkRow}>
        <input
          ref={input}
          id={id}
          className={`${form.input} ${own.link}`}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button onClick={() => void copy()}>{t('copy')}</Button>
      </div>
      <p role="status" className={own.status}>
        {copied && t(copied === 'copied' ? 'copied' : 'copyManually')}
      </p>
    </>
  );
}

/** The account page's "Invite friends": the link with Copy, the rule, and what the link brought. */
export function ReferralsSection({ user, headingId }: { user: { id: string }; headingId: string }) {
  const t = useT(referralsMessages);
  const ta = useT(accountMessages);
  const lang = useLanguage();
  const referrals = useReferrals(user.id);
  const data = referrals.data;
  return (
    <>
      <h2 id={headingId} className={styles.sectionTitle}>
        {ta('inviteHeading')}
      </h2>
      {referrals.isLoading && <Spinner />}
      {referrals.isError && (
        <ErrorPanel message={t('loadFailed')} onRetry={() => void referrals.refetch()} retryLabel={t('retry')} />
      )}
      {data && (
        <>
          <p className={styles.muted}>{t('rule', { credits: formatNumber(data.reward_credits, lang) })}</p>
          {data.link && <InviteLink link={data.link} />}
          <dl className={own.figures}>
            <div className={own.figure}>
              <dt>{t('invited')}</dt>
              <dd>{formatNumber(data.invited, lang)}</dd>
            </div>
            <div className={own.figure}>
              <dt>{t('rewarded')}</dt>
              <dd>{formatNumber(data.rewarded, lang)}</dd>
            </div>
            <div className={own.figure}>
              <dt>{t('earned')}</dt>
              <dd>{t('earnedValue', { count: formatNumber(data.credits_earned, lang) })}</dd>
            </div>
          </dl>
        </>
      )}
    </>
  );
}
