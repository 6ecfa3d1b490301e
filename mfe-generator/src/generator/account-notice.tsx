import { useId, type Ref } from 'react';
import { Link } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import type { PublicUser as User } from '@veo3/contracts/auth';
import { generatorMessages } from './generator.messages';
import styles from './generator-page.module.css';

export interface AccountNoticeProps {
  user: User | null;
  cost: number;
  /** The notice's link (Login or Buy Credits), focused when Generate is refused for what it says. */
  linkRef?: Ref<HTMLAnchorElement>;
}

/**
 * Tells a visitor up front whether they can generate: signed out (the one sign-in notice: Generate
 * moves focus to its link rather than repeating it), short of credits, or the balance.
 */
export function AccountNotice({ user, cost, linkRef }: AccountNoticeProps) {
  const t = useT(generatorMessages);
  const noticeId = useId();
  if (!user) {
    return (
      <div className={`${styles.notice} ${styles.noticeWarn}`}>
        <span id={noticeId}>{t('loginToGenerate')}</span>
        <Link
          ref={linkRef}
          to="/login"
          aria-describedby={noticeId}
          className="pf-button pf-button--secondary pf-button--sm"
        >
          {t('login')}
        </Link>
      </div>
    );
  }
  if (user.credits < cost) {
    return (
      <div className={`${styles.notice} ${styles.noticeWarn}`}>
        <span>{t('notEnoughCredits', { have: user.credits, cost })}</span>
        <Link ref={linkRef} to="/pricing" className="pf-button pf-button--secondary pf-button--sm">
          {t('buyCredits')}
        </Link>
      </div>
    );
  }
  return <span className={styles.balance}>{t('balance', { credits: user.credits })}</span>;
}
