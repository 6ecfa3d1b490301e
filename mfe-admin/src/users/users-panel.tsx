import { useId, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@veo3/contracts/admin';
import { Link, useSearchParams } from '@veo3/platform/routing/router';
import { formatDate } from '@veo3/platform/i18n/format-date';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { fetchUsers, PAGE_SIZE, type UsersFilter } from '../api/admin-api';
import { adminKeys } from '../api/admin-keys';
import { adminMessages } from '../admin.messages';
import { formatMoney, SITE_CURRENCY } from '../console/format-money';
import { ListFooter } from '../console/list-footer';
import { EmptyState, ErrorState, LoadingState } from '../console/state-views';
import styles from '../console/admin-console.module.css';
import { RoleBadges } from './role-badges';

const FLAG = new Set(['true', 'false']);

/** The list's search, filters and page live in the address, so Back from a user returns to the same list. */
function filterFrom(params: URLSearchParams): UsersFilter {
  const flag = (name: string) => {
    const value = params.get(name) ?? '';
    return FLAG.has(value) ? (value as 'true' | 'false') : undefined;
  };
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? undefined,
    signed_up_from: params.get('signed_up_from') ?? undefined,
    signed_up_to: params.get('signed_up_to') ?? undefined,
    has_plan: flag('has_plan'),
    has_paid: flag('has_paid'),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function paramsFrom(filter: UsersFilter): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(filter))
    if (value !== undefined && value !== '' && !(key === 'page' && value === 1)) out[key] = String(value);
  return out;
}

/** Users: search by e-mail or name, filters, pages from the server. */
export function UsersPanel() {
  const t = useT(adminMessages);
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filter = filterFrom(params);
  const users = useQuery({
    queryKey: adminKeys.userList(filter),
    queryFn: ({ signal }) => fetchUsers(filter, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="pf-visually-hidden">
        {t('usersTable')}
      </h2>
      {/* Keyed by the address: Back, Forward or the Users link show the search the list is for. */}
      <UsersSearchForm
        key={params.toString()}
        initial={filter}
        onSearch={(next) => setParams(paramsFrom({ ...next, q: next.q?.trim(), page: 1 }))}
      />
      <div className={styles.card}>
        {users.isPending ? (
          <LoadingState />
        ) : users.isError ? (
          <ErrorState error={users.error} onRetry={() => void users.refetch()} />
        ) : users.data.items.length === 0 ? (
          <EmptyState text={t('noUsers')} />
        ) : (
          <>
            <UsersTable users={users.data.items} />
            <ListFooter
              page={users.data.page}
              pageSize={users.data.page_size || PAGE_SIZE}
              total={users.data.total}
              onPage={(page) => setParams(paramsFrom({ ...filter, page }))}
            />
          </>
        )}
      </div>
    </section>
  );
}

function UsersSearchForm({ initial, onSearch }: { initial: UsersFilter; onSearch: (filter: UsersFilter) => void }) {
  const t = useT(adminMessages);
  const [draft, setDraft] = useState(initial);
  const search = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };
  return (
    <form className={styles.filters} role="search" onSubmit={search}>
      <label className={`${styles.field} ${styles.grow}`}>
        {t('searchUsers')}
        <input
          className={styles.input}
          type="search"
          maxLength={200}
          value={draft.q ?? ''}
          onChange={(e) => setDraft({ ...draft, q: e.target.value })}
        />
      </label>
      <label className={styles.field}>
        {t('signedUpFrom')}
        <input
          className={styles.input}
          type="date"
          value={draft.signed_up_from ?? ''}
          onChange={(e) => setDraft({ ...draft, signed_up_from: e.target.value || undefined })}
        />
      </label>
      <label className={styles.field}>
        {t('signedUpTo')}
        <input
          className={styles.input}
          type="date"
          value={draft.signed_up_to ?? ''}
          onChange={(e) => setDraft({ ...draft, signed_up_to: e.target.value || undefined })}
        />
      </label>
      <FlagSelect
        label={t('hasPlan')}
        value={draft.has_plan}
        onChange={(has_plan) => setDraft({ ...draft, has_plan })}
      />
      <FlagSelect
        label={t('hasPaid')}
        value={draft.has_paid}
        onChange={(has_paid) => setDraft({ ...draft, has_paid })}
      />
      <Button type="submit">{t('search')}</Button>
      <Button variant="ghost" onClick={() => onSearch({ page: 1 })}>
        {t('clearFilters')}
      </Button>
    </form>
  );
}

function FlagSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: 'true' | 'false' | undefined;
  onChange: (value: 'true' | 'false' | undefined) => void;
}) {
  const t = useT(adminMessages);
  return (
    <label className={styles.field}>
      {label}
      <select
        className={styles.input}
        value={value ?? ''}
        onChange={(e) => onChange(FLAG.has(e.target.value) ? (e.target.value as 'true' | 'false') : undefined)}
      >
        <option value="">{t('any')}</option>
        <option value="true">{t('yes')}</option>
        <option value="false">{t('no')}</option>
      </select>
    </label>
  );
}

function UsersTable({ users }: { users: AdminUser[] }) {
  const t = useT(adminMessages);
  const lang = useLanguage();
  return (
    <div className={styles.tableWrap}>
      <table className={`${styles.table} ${styles.stack}`}>
        <caption>{t('usersTable')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columnEmail')}</th>
            <th scope="col">{t('columnName')}</th>
            <th scope="col" className={styles.numeric}>
              {t('columnCredits')}
            </th>
            <th scope="col">{t('columnRoles')}</th>
            <th scope="col">{t('columnPlan')}</th>
            <th scope="col" className={styles.numeric}>
              {t('columnPaid')}
            </th>
            <th scope="col">{t('columnSignedUp')}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <th scope="row">
                <Link className={styles.link} to={`/admin/users/${encodeURIComponent(user.id)}`}>
                  {user.email}
                </Link>
              </th>
              <td data-label={t('columnName')}>{user.name ?? t('none')}</td>
              <td data-label={t('columnCredits')} className={styles.numeric}>
                {formatNumber(user.credits, lang)}
              </td>
              <td data-label={t('columnRoles')}>
                <RoleBadges user={user} />
              </td>
              <td data-label={t('columnPlan')}>{user.has_plan ? t('yes') : t('no')}</td>
              <td data-label={t('columnPaid')} className={styles.numeric}>
                {formatMoney(user.paid_cents, SITE_CURRENCY, lang)}
              </td>
              <td data-label={t('columnSignedUp')}>
                <time dateTime={user.created_at}>{formatDate(user.created_at, lang)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
