import { useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { Modal } from '@veo3/platform/ui/modal';
import { formatPrice } from './format-price';
import type { CreditPack, SubscriptionPlan } from './plans';
import { pricingMessages } from './pricing.messages';
import styles from './pricing-page.module.css';

type SummaryRow = [label: string, value: string];

export type Purchase = { kind: 'plan'; plan: SubscriptionPlan } | { kind: 'pack'; pack: CreditPack };

export interface PurchaseModalProps {
  purchase: Purchase | null;
  onClose: () => void;
}

/** Summarises the chosen plan or pack before checkout. */
export function PurchaseModal({ purchase, onClose }: PurchaseModalProps) {
  const t = useT(pricingMessages);
  const summary: { title: string; rows: SummaryRow[] } | null =
    purchase?.kind === 'plan'
      ? {
          title: t('subscribeTitle', { name: purchase.plan.name }),
          rows: [
            [t('summaryPlan'), purchase.plan.name],
            [t('summaryPrice'), t('priceMonthly', { price: formatPrice(purchase.plan.monthlyPrice) })],
            [t('summaryCredits'), t('creditsPerMonth', { credits: purchase.plan.credits })],
          ],
        }
      : purchase?.kind === 'pack'
        ? {
            title: t('buyTitle', { name: purchase.pack.name }),
            rows: [
              [t('summaryPack'), purchase.pack.name],
              [t('summaryPrice'), t('priceOnce', { price: formatPrice(purchase.pack.price) })],
              [t('summaryCredits'), `${t('credits', { credits: purchase.pack.credits })} · ${t('neverExpire')}`],
            ],
          }
        : null;

  return (
    <Modal
      open={summary !== null}
      title={summary?.title ?? ''}
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('backToPlans')}
        </Button>
      }
    >
      <dl className={styles.summary}>
        {summary?.rows.map(([label, value]) => (
          <div key={label} className={styles.summaryRow}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.checkoutNote}>{t('checkoutUnavailable')}</p>
    </Modal>
  );
}
