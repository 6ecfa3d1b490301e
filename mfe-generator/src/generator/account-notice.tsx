import { useId, type Ref } from 'react';
import { Link } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { useLoginPath } from '@veo3/platform/session/login-return';
import type { PublicUser as User } from '@veo3/contracts/auth';
import { generatorMessages } from './generator.messages';
import styles from './generator-page.module.css';

export interface AccountNoticeProps {
  user: User | null;
  cost: number;
  /** The notice's link (Login or Buy Credits), focused when Generate is refused for what it says. */
  linkRef?: Ref<HTMLAnchorElement>;
  /** Called as the visitor follows the Login link (the page keeps its draft). */
  onLogin?: () => void;
  /** The server refused for want of credits (402), whatever the balance shown here says. */
  short?: boolean;
}

/**
 * Tells a visitor up front whether they can generate: signed out or short of credits (the one notice
 * of each: Generate moves focus to its link rather than repeating it), or the balance. Sign-in
 * comes back to this page.
 */
export function AccountNotice({ user, cost, linkRef, onLogin, short = false }: AccountNoticeProps) {
  const t = useT(generatorMessages);
  const noticeId = useId();
  const loginPath = useLoginPath();
  if (!user) {
    return (
      <div className={`${styles.notice} ${styles.noticeWarn}`}>
        <span id={noticeId}>{t('loginToGenerate')}</span>
        <Link
          ref={linkRef}
          to={loginPath}
          onClick={onLogin}
          aria-describedby={noticeId}
          className="pf-button pf-button--secondary pf-button--sm"
        >
          {t('login')}
        </Link>
      </div>
    );
  }
  if (short || user.credits < cost) {
    return (
      <div className={`${styles.notice} ${styles.noticeWarn}`}>
        <span id={noticeId}>{t('notEnoughCredits', { have: user.credits, cost })}</span>
        <Link
          ref={linkRef}
          to="/pricing"
          aria-describedby={noticeId}
          className="pf-button pf-button--secondary pf-button--sm"
        >
          {t('buyCredits')}
        </Link>
      </div>
    );
  }
  return <span className={styles.balance}>{t('balance', { credits: user.credits })}</span>;
}
