import type { AdminAuditEntry } from '@veo3/contracts/admin';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Link } from '@veo3/platform/routing/router';
import { adminMessages } from '../admin.messages';
import styles from '../console/admin-console.module.css';

/** `{ credits: 10 }` → 'credits: 10'; the changed fields side by side. */
function describe(values: Record<string, unknown> | null): string {
  if (!values) return '';
  return Object.entries(values)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

/** A user by e-mail (linked to their page); a payment, task, shared video or effect by kind, id and its owner's e-mail. */
function AuditTarget({ entry }: { entry: AdminAuditEntry }) {
  const t = useT(adminMessages);
  const email = entry.target_email ?? null;
  if (entry.target_type === 'user') {
    return (
      <Link className={styles.link} to={`/admin/users/${encodeURIComponent(entry.target_id)}`}>
        {email ?? <span className={styles.mono}>{entry.target_id}</span>}
      </Link>
    );
  }
  // A shared video's id opens its public page (served by the server, not the console); an effect's, its editor.
  const id =
    entry.target_type === 'share' ? (
      <a className={`${styles.link} ${styles.mono}`} href={`/v/${encodeURIComponent(entry.target_id)}`}>
        {entry.target_id}
      </a>
    ) : entry.target_type === 'effect' ? (
      <Link className={`${styles.link} ${styles.mono}`} to={`/admin/effects/${encodeURIComponent(entry.target_id)}`}>
        {entry.target_id}
      </Link>
    ) : (
      <span className={styles.mono}>{entry.target_id}</span>
    );
  return (
    <>
      {t(`target_${entry.target_type}`)} {id}
      {email && (
        <>
          <br />
          <span className={styles.muted}>{t('ownedBy', { email })}</span>
        </>
      )}
    </>
  );
}

export function AuditTable({ entries, showTarget = true }: { entries: AdminAuditEntry[]; showTarget?: boolean }) {
  const t = useT(adminMessages);
  const lang = useLanguage();
  return (
    <div className={styles.tableWrap}>
      <table className={`${styles.table} ${styles.stack}`}>
        <caption>{t('auditTable')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columnWhen')}</th>
            <th scope="col">{t('columnActor')}</th>
            <th scope="col">{t('columnAction')}</th>
            {showTarget && <th scope="col">{t('columnTarget')}</th>}
            <th scope="col">{t('columnChange')}</th>
            <th scope="col">{t('reason')}</th>
            <th scope="col">{t('columnRequest')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <th scope="row">
                <time dateTime={e.created_at}>{formatDate(e.created_at, lang, true)}</time>
              </th>
              <td data-label={t('columnActor')}>
                {e.actor_type === 'stripe'
                  ? t('actor_stripe')
                  : e.actor_type === 'user'
                    ? t('actor_user')
                    : (e.actor_email ?? e.actor_id ?? t('none'))}
              </td>
              <td data-label={t('columnAction')}>
                <span className={styles.badge}>{t(`action_${e.action}`)}</span>
              </td>
              {showTarget && (
                <td data-label={t('columnTarget')}>
                  <AuditTarget entry={e} />
                </td>
              )}
              <td data-label={t('columnChange')}>
                {describe(e.before) || t('none')} → {describe(e.after) || t('none')}
              </td>
              <td data-label={t('reason')}>{e.reason ?? t('none')}</td>
              <td data-label={t('columnRequest')} className={styles.mono}>
                {e.request_id ?? t('none')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
