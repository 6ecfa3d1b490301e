import type { AdminUserDetail } from '@veo3/contracts/admin';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { adminMessages } from '../admin.messages';
import styles from '../console/admin-console.module.css';

/** The user's latest ledger lines: amount and balance after each, with its source. */
export function LedgerTable({ ledger }: { ledger: AdminUserDetail['ledger'] }) {
  const t = useT(adminMessages);
  const lang = useLanguage();
  return (
    <div className={styles.tableWrap}>
      <table className={`${styles.table} ${styles.stack}`}>
        <caption>{t('ledger')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columnWhen')}</th>
            <th scope="col" className={styles.numeric}>
              {t('columnAmount')}
            </th>
            <th scope="col" className={styles.numeric}>
              {t('columnBalanceAfter')}
            </th>
            <th scope="col">{t('columnSource')}</th>
            <th scope="col">{t('columnDescription')}</th>
          </tr>
        </thead>
        <tbody>
          {ledger.map((line) => (
            <tr key={line.id}>
              <th scope="row">
                <time dateTime={line.created_at}>{formatDate(line.created_at, lang, true)}</time>
              </th>
              <td data-label={t('columnAmount')} className={styles.numeric}>
                {formatNumber(line.amount, lang, { signed: true })}
              </td>
              <td data-label={t('columnBalanceAfter')} className={styles.numeric}>
                {formatNumber(line.balance_after, lang)}
              </td>
              <td data-label={t('columnSource')}>{line.source_type}</td>
              <td data-label={t('columnDescription')}>{line.description ?? t('none')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The user's sessions: when each began, expires or was revoked, and on what device. */
export function SessionsTable({ sessions }: { sessions: AdminUserDetail['sessions'] }) {
  const t = useT(adminMessages);
  const lang = useLanguage();
  return (
    <div className={styles.tableWrap}>
      <table className={`${styles.table} ${styles.stack}`}>
        <caption>{t('sessions')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columnCreated')}</th>
            <th scope="col">{t('columnExpires')}</th>
            <th scope="col">{t('columnRevoked')}</th>
            <th scope="col">{t('columnDevice')}</th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.id}>
              <th scope="row">
                <time dateTime={s.created_at}>{formatDate(s.created_at, lang, true)}</time>
              </th>
              <td data-label={t('columnExpires')}>{formatDate(s.expires_at, lang, true) || t('none')}</td>
              <td data-label={t('columnRevoked')}>{formatDate(s.revoked_at, lang, true) || t('none')}</td>
              <td data-label={t('columnDevice')}>{s.user_agent ?? t('none')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
