import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminEffect } from '@veo3/contracts/effects';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Link } from '@veo3/platform/routing/router';
import { adminMessages } from '../admin.messages';
import { adminKeys } from '../api/admin-keys';
import { effectKeys, fetchEffects, reorderEffects } from '../api/admin-effects';
import { Notice } from '../console/notice';
import { EmptyState, ErrorState, LoadingState, reasonOf } from '../console/state-views';
import styles from '../console/admin-console.module.css';
import type { EffectList } from './effect-list-cache';
import { EffectPublishDialog } from './effect-publish-dialog';
import { EffectsList, type MoveDirection } from './effects-list';
import { effectsMessages } from './effects.messages';
import own from './effects.module.css';

/** The ids in order with `id` moved one place up or down. */
function movedIds(items: AdminEffect[], id: string, direction: MoveDirection): string[] {
  const ids = items.map((item) => item.id);
  const from = ids.indexOf(id);
  const to = direction === 'up' ? from - 1 : from + 1;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}

/** Keeps the keyboard where it was: the same button, or its twin once the effect reached an end. */
function refocus(id: string, direction: MoveDirection) {
  const other: MoveDirection = direction === 'up' ? 'down' : 'up';
  const button = [direction, other]
    .map((d) => document.getElementById(`effect-${d}-${id}`) as HTMLButtonElement | null)
    .find((b) => b && !b.disabled);
  button?.focus();
}

/**
 * Effects: the one-tap templates in the site's order, moved with one reason field (the audit log keeps
 * it with each move), published or unpublished with a reason, edited in their own page.
 */
export function EffectsPanel() {
  const t = useT(effectsMessages);
  const ta = useT(adminMessages);
  const lang = useLanguage();
  const id = useId();
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const [publishing, setPublishing] = useState<AdminEffect | null>(null);
  const [notice, setNotice] = useState<{ message: string; failed: boolean } | null>(null);
  const list = useQuery({ queryKey: effectKeys.list(), queryFn: ({ signal }) => fetchEffects(signal) });
  const done = (message: string, failed: boolean) => setNotice({ message, failed });

  const reorder = useMutation({
    mutationFn: (move: { ids: string[]; reason: string; effect: AdminEffect; direction: MoveDirection }) =>
      reorderEffects(move.ids, move.reason),
    onSuccess: (reply, { effect, direction }) => {
      client.setQueryData<EffectList>(effectKeys.list(), reply);
      const position = reply.items.findIndex((item) => item.id === effect.id) + 1;
      done(t('movedNotice', { name: effect.name[lang], position }), false);
      requestAnimationFrame(() => refocus(effect.id, direction));
    },
    onError: (error) => done(ta('actionFailed', { reason: reasonOf(error, ta('unknownError')) }), true),
    onSettled: () => void client.invalidateQueries({ queryKey: adminKeys.audit() }),
  });

  const move = (effect: AdminEffect, direction: MoveDirection) => {
    if (reorder.isPending || !list.data) return;
    if (reason.trim().length < 3) {
      setReasonError(true);
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setReasonError(false);
    reorder.mutate({ ids: movedIds(list.data.items, effect.id, direction), reason: reason.trim(), effect, direction });
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="pf-visually-hidden">
        {t('listTitle')}
      </h2>
      <p className={styles.intro}>{t('intro')}</p>
      <div className={own.toolbar}>
        <Link className={`pf-button pf-button--primary pf-button--md ${own.newLink}`} to="/admin/effects/new">
          {t('newEffect')}
        </Link>
        <div className={`${styles.field} ${styles.grow}`}>
          <label htmlFor={`${id}-reason`}>{t('reorderReason')}</label>
          <input
            id={`${id}-reason`}
            className={styles.input}
            maxLength={500}
            value={reason}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={`${id}-reason-hint${reasonError ? ` ${id}-reason-error` : ''}`}
            onChange={(e) => setReason(e.target.value)}
          />
          <p id={`${id}-reason-hint`} className={styles.hint}>
            {t('reorderReasonHint')}
          </p>
          {reasonError && (
            <p id={`${id}-reason-error`} className={styles.error}>
              {t('reasonInvalid')}
            </p>
          )}
        </div>
      </div>
      <Notice message={notice && !notice.failed ? notice.message : null} />
      <Notice tone="bad" message={notice?.failed ? notice.message : null} />
      <div className={styles.card}>
        {list.isPending ? (
          <LoadingState />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <EmptyState text={t('empty')} />
        ) : (
          <EffectsList effects={list.data.items} onMove={move} onPublish={setPublishing} />
        )}
      </div>
      <EffectPublishDialog effect={publishing} onClose={() => setPublishing(null)} onDone={done} />
    </section>
  );
}
