import { useId, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_AUDIT_ACTIONS, type AdminAuditAction } from '@veo3/contracts/admin';
import { useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { downloadAuditCsv, fetchAudit, PAGE_SIZE, type AuditFilter } from '../api/admin-api';
import { adminKeys } from '../api/admin-keys';
import { adminMessages } from '../admin.messages';
import { ListFooter } from '../console/list-footer';
import { Notice } from '../console/notice';
import { EmptyState, ErrorState, LoadingState, reasonOf } from '../console/state-views';
import styles from '../console/admin-console.module.css';
import { AuditTable } from './audit-table';
import { saveFile } from './save-file';

const clean = (value: string) => value.trim() || undefined;

/** The audit log: filters, pages, and the matching rows as a CSV file. */
export function AuditPanel() {
  const t = useT(adminMessages);
  const id = useId();
  const [filter, setFilter] = useState<AuditFilter>({});
  const [draft, setDraft] = useState<Record<'action' | 'actor_id' | 'target_id' | 'from' | 'to', string>>({
    action: '',
    actor_id: '',
    target_id: '',
    from: '',
    to: '',
  });
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const audit = useQuery({
    queryKey: adminKeys.auditList({ ...filter, page }),
    queryFn: ({ signal }) => fetchAudit({ ...filter, page }, signal),
    placeholderData: keepPreviousData,
  });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter({
      action: (ADMIN_AUDIT_ACTIONS as readonly string[]).includes(draft.action)
        ? (draft.action as AdminAuditAction)
        : undefined,
      actor_id: clean(draft.actor_id),
      target_id: clean(draft.target_id),
      from: clean(draft.from),
      to: clean(draft.to),
    });
    setPage(1);
  };

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      saveFile(await downloadAuditCsv(filter), `audit-${new Date().toISOString().slice(0, 10)}.csv`, 'text/csv');
    } catch (error) {
      setExportError(t('exportFailed', { reason: reasonOf(error, t('unknownError')) }));
    } finally {
      setExporting(false);
    }
  };

  const text = (name: 'actor_id' | 'target_id', label: string) => (
    <label className={styles.field}>
      {label}
      <input
        className={styles.input}
        value={draft[name]}
        maxLength={name === 'actor_id' ? 36 : 255}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
      />
    </label>
  );
  const date = (name: 'from' | 'to', label: string) => (
    <label className={styles.field}>
      {label}
      <input
        className={styles.input}
        type="date"
        value={draft[name]}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
      />
    </label>
  );

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="pf-visually-hidden">
        {t('auditTable')}
      </h2>
      <form className={styles.filters} onSubmit={apply}>
        <label className={styles.field}>
          {t('action')}
          <select
            className={styles.input}
            value={draft.action}
            onChange={(e) => setDraft({ ...draft, action: e.target.value })}
          >
            <option value="">{t('allActions')}</option>
            {ADMIN_AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(`action_${a}`)}
              </option>
            ))}
          </select>
        </label>
        {text('actor_id', t('actorId'))}
        {text('target_id', t('targetId'))}
        {date('from', t('from'))}
        {date('to', t('to'))}
        <Button type="submit">{t('apply')}</Button>
        <Button variant="secondary" busy={exporting} onClick={() => void exportCsv()}>
          {exporting ? t('exporting') : t('exportCsv')}
        </Button>
      </form>
      <Notice tone="bad" message={exportError} />
      <div className={styles.card}>
        {audit.isPending ? (
          <LoadingState />
        ) : audit.isError ? (
          <ErrorState error={audit.error} onRetry={() => void audit.refetch()} />
        ) : audit.data.items.length === 0 ? (
          <EmptyState text={t('noAudit')} />
        ) : (
          <>
            <AuditTable entries={audit.data.items} />
            <ListFooter
              page={audit.data.page}
              pageSize={audit.data.page_size || PAGE_SIZE}
              total={audit.data.total}
              onPage={setPage}
            />
          </>
        )}
      </div>
    </section>
  );
}
