import { useId, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PROMOTIONS_PAGE_SIZE, type AdminPromotion } from '@veo3/contracts/promotions';
import { useT } from '@veo3/platform/i18n/i18n';
import { adminMessages } from '../admin.messages';
import { adminKeys } from '../api/admin-keys';
import { disablePromotion, fetchPromotions, promotionKeys } from '../api/admin-promotions';
import { ListFooter } from '../console/list-footer';
import { Notice } from '../console/notice';
import { ReasonDialog } from '../console/reason-dialog';
import { EmptyState, ErrorState, LoadingState, reasonOf } from '../console/state-views';
import styles from '../console/admin-console.module.css';
import { PromotionCreateForm } from './promotion-create-form';
import { PromotionsTable } from './promotions-table';
import { promotionsMessages } from './promotions.messages';
import own from './promotions.module.css';

/** Confirms a code's disabling with the reason the audit log keeps. */
function DisableDialog({
  promotion,
  onClose,
  onDone,
}: {
  promotion: AdminPromotion | null;
  onClose: () => void;
  onDone: (message: string, failed: boolean) => void;
}) {
  const t = useT(promotionsMessages);
  const ta = useT(adminMessages);
  const client = useQueryClient();
  const disable = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => disablePromotion(id, reason),
    onSuccess: (done) => {
      onDone(t('disabledNotice', { code: done.code }), false);
      onClose();
    },
    onError: (error) => onDone(ta('actionFailed', { reason: reasonOf(error, ta('unknownError')) }), true),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: promotionKeys.all() });
      void client.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
  return (
    <ReasonDialog
      key={promotion?.id ?? 'none'}
      open={promotion !== null}
      title={t('disableTitle')}
      confirmLabel={t('disable')}
      reasonRequired
      busy={disable.isPending}
      onClose={onClose}
      onConfirm={(reason) => promotion && disable.mutate({ id: promotion.id, reason })}
    >
      {promotion && t('disableText', { code: promotion.code })}
    </ReasonDialog>
  );
}

/**
 * Promotions: the simulated checkout's codes (code, discount, expiry, limit, redeemed, state), a form
 * to create one and Disable, each with a reason the audit log keeps.
 */
export function PromotionsPanel() {
  const t = useT(promotionsMessages);
  const id = useId();
  const [page, setPage] = useState(1);
  const [disabling, setDisabling] = useState<AdminPromotion | null>(null);
  const [notice, setNotice] = useState<{ message: string; failed: boolean } | null>(null);
  const list = useQuery({
    queryKey: promotionKeys.list(page),
    queryFn: ({ signal }) => fetchPromotions(page, signal),
    placeholderData: keepPreviousData,
  });
  const done = (message: string, failed: boolean) => setNotice({ message, failed });

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="pf-visually-hidden">
        {t('listTitle')}
      </h2>
      <p className={styles.intro}>{t('intro')}</p>
      {list.data?.stripe_configured && <p className={own.note}>{t('stripeNote')}</p>}
      <PromotionCreateForm onDone={done} />
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
          <>
            <PromotionsTable promotions={list.data.items} onDisable={setDisabling} />
            <ListFooter
              page={list.data.page}
              pageSize={list.data.page_size || ADMIN_PROMOTIONS_PAGE_SIZE}
              total={list.data.total}
              onPage={setPage}
            />
          </>
        )}
      </div>
      <DisableDialog promotion={disabling} onClose={() => setDisabling(null)} onDone={done} />
    </section>
  );
}
