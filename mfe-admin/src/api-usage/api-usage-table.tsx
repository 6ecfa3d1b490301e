import type { AdminApiKeyUsage } from '@veo3/contracts/api-keys';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Link } from '@veo3/platform/routing/router';
import { Button } from '@veo3/platform/ui/button';
import { adminMessages } from '../admin.messages';
import styles from '../console/admin-console.module.css';
import own from './api-usage.module.css';

/** Live, or revoked with its date and the reason an admin gave. */
function KeyStatus({ apiKey }: { apiKey: AdminApiKeyUsage }) {
  const t = useT(adminMessages);
  const lang = useLanguage();
  if (apiKey.revoked_at === null) return <span className={styles.badge}>{t('keyLive')}</span>;
  return (
    <div>
      <span className={`${styles.badge} ${styles.badgeBad}`}>
        {t('keyRevoked', { date: formatDate(apiKey.revoked_at, lang) })}
      </span>
      {apiKey.revoked_reason && <div className={styles.muted}>{apiKey.revoked_reason}</div>}
    </div>
  );
}

/** Keys with their owner and use this month and in all; Revoke on the live ones. */
export function ApiUsageTable({
  keys,
  onRevoke,
}: {
  keys: AdminApiKeyUsage[];
  onRevoke: (apiKey: AdminApiKeyUsage) => void;
}) {
  const t = useT(adminMessages);
  const lang = useLanguage();
  const pair = (month: number, total: number) => `${formatNumber(month, lang)} / ${formatNumber(total, lang)}`;
  return (
    <div className={styles.tableWrap}>
      <table className={`${styles.table} ${styles.stack}`}>
        <caption>{t('apiUsageTable')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columnUser')}</th>
            <th scope="col">{t('columnKey')}</th>
            <th scope="col">{t('columnScopes')}</th>
            <th scope="col" className={`${styles.numeric} ${own.wrapHead}`}>
              {t('columnVideos')}
            </th>
            <th scope="col" className={`${styles.numeric} ${own.wrapHead}`}>
              {t('columnSpent')}
            </th>
            <th scope="col" className={`${styles.numeric} ${own.wrapHead}`}>
              {t('columnCap')}
            </th>
            <th scope="col" className={own.wrapHead}>
              {t('columnLastUsed')}
            </th>
            <th scope="col">{t('columnStatus')}</th>
            <th scope="col">{t('columnActions')}</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id}>
              <th scope="row">
                <Link className={styles.link} to={`/admin/users/${encodeURIComponent(key.user_id)}`}>
                  {key.user_email}
                </Link>
              </th>
              <td data-label={t('columnKey')}>
                <div className={own.key}>
                  {key.name}
                  <span className={`${styles.mono} ${own.prefix}`}>{key.prefix}…</span>
                </div>
              </td>
              <td data-label={t('columnScopes')}>
                <div>
                  {key.scopes.map((scope) => (
                    <span key={scope} className={`${styles.badge} ${styles.mono}`}>
                      {scope}
                    </span>
                  ))}
                </div>
              </td>
              <td data-label={t('columnVideos')} className={styles.numeric}>
                {pair(key.videos_this_month, key.videos_total)}
              </td>
              <td data-label={t('columnSpent')} className={styles.numeric}>
                {pair(key.spent_this_month, key.spent_total)}
              </td>
              <td data-label={t('columnCap')} className={styles.numeric}>
                {key.monthly_cap === null ? t('noCap') : formatNumber(key.monthly_cap, lang)}
              </td>
              <td data-label={t('columnLastUsed')}>
                {key.last_used_at ? (
                  <time dateTime={key.last_used_at}>{formatDate(key.last_used_at, lang, true)}</time>
                ) : (
                  t('neverUsed')
                )}
              </td>
              <td data-label={t('columnStatus')}>
                <KeyStatus apiKey={key} />
              </td>
              <td data-label={t('columnActions')}>
                {key.revoked_at === null && (
                  <Button
                    variant="danger"
                    size="sm"
                    aria-label={t('revokeKeyNamed', { name: key.name, email: key.user_email })}
                    onClick={() => onRevoke(key)}
                  >
                    {t('revokeKey')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
