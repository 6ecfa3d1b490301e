import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useT } from '@veo3/platform/i18n/i18n';
import { fetchAudit, PAGE_SIZE, type AuditFilter } from '../api/admin-api';
import { adminKeys } from '../api/admin-keys';
import { adminMessages } from '../admin.messages';
import { ListFooter } from '../console/list-footer';
import { Notice } from '../console/notice';
import { EmptyState, ErrorState, LoadingState } from '../console/state-views';
import styles from '../console/admin-console.module.css';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';
import { useAuditExport } from './use-audit-export';

/** The audit log: filters, pages, and the matching rows as a CSV file. */
export function AuditPanel() {
  const t = useT(adminMessages);
  const id = useId();
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const { exporting, exportError, exportCsv } = useAuditExport();
  const audit = useQuery({
    queryKey: adminKeys.auditList({ ...filter, page }),
    queryFn: ({ signal }) => fetchAudit({ ...filter, page }, signal),
    placeholderData: keepPreviousData,
  });

  const apply = (next: AuditFilter) => {
    setFilter(next);
    setPage(1);
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="pf-visually-hidden">
        {t('auditTable')}
      </h2>
      <AuditFilters onApply={apply} exporting={exporting} onExport={() => void exportCsv(filter)} />
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
