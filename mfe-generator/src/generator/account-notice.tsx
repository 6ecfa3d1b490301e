import { Link } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import type { User } from '@veo3/platform/types/user';
import { generatorMessages } from './generator.messages';
import styles from './generator-page.module.css';

export interface AccountNoticeProps {
  user: User | null;
  cost: number;
}

/** Tells a visitor up front whether they can generate: signed out, short of credits, or the balance. */
export function AccountNotice({ user, cost }: AccountNoticeProps) {
  const t = useT(generatorMessages);
  if (!user) {
    return (
      <div className={`${styles.notice} ${styles.noticeWarn}`}>
        <span>{t('loginToGenerate')}</span>
        <Link to="/login" className="pf-button pf-button--secondary pf-button--sm">
          {t('login')}
        </Link>
      </div>
    );
  }
  if (user.credits < cost) {
    return (
      <div className={`${styles.notice} ${styles.noticeWarn}`}>
        <span>{t('notEnoughCredits', { have: user.credits, cost })}</span>
        <Link to="/pricing" className="pf-button pf-button--secondary pf-button--sm">
          {t('buyCredits')}
        </Link>
      </div>
    );
  }
  return <p className={styles.balance}>{t('balance', { credits: user.credits })}</p>;
}
