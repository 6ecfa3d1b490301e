import { useQuery } from '@tanstack/react-query';
import { useT } from '@veo3/platform/i18n/i18n';
import { fetchAudit } from '../api/admin-api';
import { adminKeys } from '../api/admin-keys';
import { adminMessages } from '../admin.messages';
import { AuditTable } from '../audit/audit-table';
import { EmptyState, ErrorState, LoadingState } from '../console/state-views';

/** The audit rows about this user (the first page), loaded apart from the user's detail. */
export function UserAudit({ userId }: { userId: string }) {
  const t = useT(adminMessages);
  const audit = useQuery({
    queryKey: adminKeys.auditList({ target_id: userId, page: 1 }),
    queryFn: ({ signal }) => fetchAudit({ target_id: userId, page: 1 }, signal),
  });
  if (audit.isPending) return <LoadingState />;
  if (audit.isError) return <ErrorState error={audit.error} onRetry={() => void audit.refetch()} />;
  if (audit.data.items.length === 0) return <EmptyState text={t('noAudit')} />;
  return <AuditTable entries={audit.data.items} showTarget={false} />;
}
