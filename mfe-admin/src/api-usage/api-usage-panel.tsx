import { useId, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminApiKeyUsage } from '@veo3/contracts/api-keys';
import { useT } from '@veo3/platform/i18n/i18n';
import { useSearchParams } from '@veo3/platform/routing/router';
import { Button } from '@veo3/platform/ui/button';
import { fetchApiUsage, PAGE_SIZE, type ApiUsageFilter } from '../api/admin-api';
import { adminKeys } from '../api/admin-keys';
import { adminMessages } from '../admin.messages';
import { ListFooter } from '../console/list-footer';
import { Notice } from '../console/notice';
import { EmptyState, ErrorState, LoadingState } from '../console/state-views';
import styles from '../console/admin-console.module.css';
import { ApiUsageTable } from './api-usage-table';
import { RevokeApiKeyDialog } from './revoke-api-key-dialog';

/** The search and the page live in the address, so Back from a user's page returns to the same list. */
function filterFrom(params: URLSearchParams): ApiUsageFilter {
  const page = Number(params.get('page'));
  return { user: params.get('user') || undefined, page: Number.isInteger(page) && page > 0 ? page : 1 };
}

function paramsFrom({ user, page }: ApiUsageFilter): Record<string, string> {
  return { ...(user ? { user } : {}), ...(page > 1 ? { page: String(page) } : {}) };
}

/** API: every user's keys with their use (videos, credits, cap, last use), and Revoke with a reason. */
export function ApiUsagePanel() {
  const t = useT(adminMessages);
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filter = filterFrom(params);
  const [revoking, setRevoking] = useState<AdminApiKeyUsage | null>(null);
  const [notice, setNotice] = useState<{ message: string; failed: boolean } | null>(null);
  const usage = useQuery({
    queryKey: adminKeys.apiUsageList(filter),
    queryFn: ({ signal }) => fetchApiUsage(filter, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="pf-visually-hidden">
        {t('apiUsageTable')}
      </h2>
      {/* Keyed by the address: Back, Forward or the API link show the search the list is for. */}
      <UserSearchForm
        key={params.toString()}
        initial={filter.user ?? ''}
        onSearch={(user) => setParams(paramsFrom({ user: user.trim() || undefined, page: 1 }))}
      />
      <Notice message={notice && !notice.failed ? notice.message : null} />
      <Notice tone="bad" message={notice?.failed ? notice.message : null} />
      <div className={styles.card}>
        {usage.isPending ? (
          <LoadingState />
        ) : usage.isError ? (
          <ErrorState error={usage.error} onRetry={() => void usage.refetch()} />
        ) : usage.data.items.length === 0 ? (
          <EmptyState text={filter.user ? t('noApiKeysMatch') : t('noApiKeys')} />
        ) : (
          <>
            <ApiUsageTable keys={usage.data.items} onRevoke={setRevoking} />
            <ListFooter
              page={usage.data.page}
              pageSize={PAGE_SIZE}
              total={usage.data.total}
              onPage={(page) => setParams(paramsFrom({ ...filter, page }))}
            />
          </>
        )}
      </div>
      <RevokeApiKeyDialog
        apiKey={revoking}
        onClose={() => setRevoking(null)}
        onDone={(message, failed) => setNotice({ message, failed })}
      />
    </section>
  );
}

function UserSearchForm({ initial, onSearch }: { initial: string; onSearch: (user: string) => void }) {
  const t = useT(adminMessages);
  const [draft, setDraft] = useState(initial);
  const search = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };
  return (
    <form className={styles.filters} role="search" onSubmit={search}>
      <label className={`${styles.field} ${styles.grow}`}>
        {t('searchApiUser')}
        <input
          className={styles.input}
          type="search"
          maxLength={200}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
      </label>
      <Button type="submit">{t('search')}</Button>
      {initial && (
        <Button variant="ghost" onClick={() => onSearch('')}>
          {t('clearSearch')}
        </Button>
      )}
    </form>
  );
}
