import { useState, type FormEvent } from 'react';
import { ADMIN_AUDIT_ACTIONS, type AdminAuditAction } from '@veo3/contracts/admin';
import { useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import type { AuditFilter } from '../api/admin-api';
import { adminMessages } from '../admin.messages';
import styles from '../console/admin-console.module.css';

type Draft = Record<'action' | 'actor' | 'target_id' | 'from' | 'to', string>;

const clean = (value: string) => value.trim() || undefined;

/** The filter as typed: an unknown action and blank fields filter nothing. */
function filterOf(draft: Draft): AuditFilter {
  return {
    action: (ADMIN_AUDIT_ACTIONS as readonly string[]).includes(draft.action)
      ? (draft.action as AdminAuditAction)
      : undefined,
    actor: clean(draft.actor),
    target_id: clean(draft.target_id),
    from: clean(draft.from),
    to: clean(draft.to),
  };
}

/** The audit log's filter form (applied on submit) with its Export CSV button. */
export function AuditFilters({
  onApply,
  exporting,
  onExport,
}: {
  onApply: (filter: AuditFilter) => void;
  exporting: boolean;
  onExport: () => void;
}) {
  const t = useT(adminMessages);
  const [draft, setDraft] = useState<Draft>({ action: '', actor: '', target_id: '', from: '', to: '' });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    onApply(filterOf(draft));
  };

  const text = (name: 'actor' | 'target_id', label: string) => (
    <label className={styles.field}>
      {label}
      <input
        className={styles.input}
        value={draft[name]}
        maxLength={name === 'actor' ? 320 : 255}
        autoComplete="off"
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
      {text('actor', t('actor'))}
      {text('target_id', t('targetId'))}
      {date('from', t('from'))}
      {date('to', t('to'))}
      <Button type="submit">{t('apply')}</Button>
      <Button variant="secondary" busy={exporting} onClick={onExport}>
        {exporting ? t('exporting') : t('exportCsv')}
      </Button>
    </form>
  );
}
