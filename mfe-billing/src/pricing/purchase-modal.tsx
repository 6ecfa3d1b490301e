import { useMutation } from '@tanstack/react-query';
import { useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { Modal } from '@veo3/platform/ui/modal';
import { createCheckoutSession, serverMessage, type CheckoutItem } from '../api/billing-api';
import { redirectTo } from '../payment/redirect';
import { formatPrice } from './format-price';
import type { CreditPack, SubscriptionPlan } from './plans';
import { pricingMessages } from './pricing.messages';
import { useOfferFacts } from './use-offer-facts';
import styles from './pricing-page.module.css';

type SummaryRow = [label: string, value: string];

export type Purchase = { kind: 'plan'; plan: SubscriptionPlan } | { kind: 'pack'; pack: CreditPack };

export interface PurchaseModalProps {
  purchase: Purchase | null;
  onClose: () => void;
  /** Called with the text to show when no checkout could be created; the modal closes itself first. */
  onFailure: (message: string) => void;
}

/** SPEC §2: monthly billing only. */
function checkoutItem(purchase: Purchase): CheckoutItem {
  return purchase.kind === 'plan'
    ? { type: 'subscription', planId: purchase.plan.id, amount: purchase.plan.monthlyPrice }
    : { type: 'credits', packId: purchase.pack.id, amount: purchase.pack.price };
}

/**
 * The payment modal (SPEC §4): summarises the chosen plan or pack, creates a checkout session and
 * sends the buyer to it. On failure it closes and the pricing page shows why.
 */
export function PurchaseModal({ purchase, onClose, onFailure }: PurchaseModalProps) {
  const t = useT(pricingMessages);
  const facts = useOfferFacts();
  const checkout = useMutation({
    mutationFn: createCheckoutSession,
    // The page is left for the checkout; the button stays busy until the browser navigates.
    onSuccess: ({ url }) => redirectTo(url),
    onError: (error) => {
      onClose();
      onFailure(serverMessage(error) ?? t('createFailed'));
    },
  });
  // Once a session is being created (or the browser is leaving for it) the modal stays put.
  const busy = checkout.isPending || checkout.isSuccess;
  const close = () => {
    if (!busy) onClose();
  };

  const summary: { title: string; rows: SummaryRow[] } | null =
    purchase?.kind === 'plan'
      ? {
          title: t('subscribeTitle', { name: facts.name(purchase.plan) }),
          rows: [
            [t('summaryPlan'), facts.name(purchase.plan)],
            [t('summaryPrice'), t('priceMonthly', { price: formatPrice(purchase.plan.monthlyPrice) })],
            [t('summaryCredits'), facts.credits(purchase.plan.credits, true)],
            [t('billedMonthly'), t('billedMonthlyValue')],
          ],
        }
      : purchase?.kind === 'pack'
        ? {
            title: t('buyTitle', { name: facts.name(purchase.pack) }),
            rows: [
              [t('summaryPack'), facts.name(purchase.pack)],
              [t('summaryPrice'), t('priceOnce', { price: formatPrice(purchase.pack.price) })],
              [t('summaryCredits'), `${facts.credits(purchase.pack.credits, false)} · ${t('neverExpire')}`],
            ],
          }
        : null;

  return (
    <Modal
      open={summary !== null}
      title={summary?.title ?? ''}
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {t('backToPlans')}
          </Button>
          <Button
            variant="primary"
            busy={busy}
            onClick={() => {
              if (purchase) checkout.mutate(checkoutItem(purchase));
            }}
          >
            {t('continueToPayment')}
          </Button>
        </>
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
      <p className={styles.checkoutNote}>{t('checkoutNote')}</p>
      <p role="status" className={busy ? styles.preparing : 'pf-visually-hidden'}>
        {busy ? t('preparingCheckout') : ''}
      </p>
    </Modal>
  );
}
