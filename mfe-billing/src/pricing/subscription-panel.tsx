import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { creditsKeys } from '@veo3/platform/credits/credits-api';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { Modal } from '@veo3/platform/ui/modal';
import { cancelSubscription, createPortalSession, serverMessage, type Subscription } from '../api/billing-api';
import { billingKeys } from '../api/billing-keys';
import { redirectTo } from '../payment/redirect';
import { formatBillingDate } from './format-billing-date';
import { productName } from './plans';
import { pricingMessages } from './pricing.messages';
import styles from './pricing-page.module.css';

export interface SubscriptionPanelProps {
  subscription: Subscription;
  portalAvailable: boolean;
  onSuccess: (message: string) => void;
  onError: (message: string) => void;
  /** The heading's level: h3 inside the account page's plan section. */
  headingLevel?: 'h2' | 'h3';
  /** More facts (<dt>/<dd> pairs) after the next billing date. */
  extraFacts?: ReactNode;
}

/** The active subscription: plan, next billing date, cancel (with confirmation) and the billing portal. */
export function SubscriptionPanel({
  subscription,
  portalAvailable,
  onSuccess,
  onError,
  headingLevel: Heading = 'h2',
  extraFacts,
}: SubscriptionPanelProps) {
  const t = useT(pricingMessages);
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const planName = productName(subscription.planId, lang) ?? subscription.planId;
  // A plan set to cancel (in Stripe's portal) shows when it ends instead of when it renews.
  const endsAt = subscription.cancelAt ?? null;
  const dateValue = endsAt ?? subscription.currentPeriodEnd;
  const nextBilling = formatBillingDate(dateValue, lang);

  const cancel = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: ({ message }) => {
      setConfirming(false);
      onSuccess(message ?? t('cancelSucceeded'));
    },
    onError: (error) => {
      setConfirming(false);
      onError(serverMessage(error) ?? t('cancelFailed'));
    },
    // Success or not, the status and the balance are read again from the server.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKeys.subscriptions() }),
        queryClient.invalidateQueries({ queryKey: creditsKeys.all }),
      ]),
  });

  const portal = useMutation({
    mutationFn: createPortalSession,
    onSuccess: ({ url }) => redirectTo(url),
    onError: (error) => onError(serverMessage(error) ?? t('portalFailed')),
  });

  return (
    <section className={styles.subscription} aria-labelledby={headingId}>
      <div className={styles.subscriptionInfo}>
        <Heading id={headingId} className={styles.subscriptionTitle}>
          {t('subscriptionHeading')}
        </Heading>
        <p className={styles.subscriptionPlan}>
          {t('subscriptionPlan', {
            plan: planName,
            cycle: t(subscription.billingCycle === 'yearly' ? 'cycleYearly' : 'cycleMonthly'),
          })}
        </p>
        {(nextBilling || extraFacts) && (
          <dl className={styles.subscriptionFacts}>
            {nextBilling && (
              <>
                <dt>{t(endsAt ? 'endsOn' : 'nextBilling')}</dt>
                <dd>
                  <time
                    dateTime={typeof dateValue === 'string' ? dateValue : undefined}
                    data-testid={endsAt ? 'plan-end-date' : 'next-billing-date'}
                  >
                    {nextBilling}
                  </time>
                </dd>
              </>
            )}
            {extraFacts}
          </dl>
        )}
        <p className={styles.subscriptionHint}>{t('switchHint')}</p>
      </div>
      <div className={styles.subscriptionActions}>
        {portalAvailable && (
          <Button variant="secondary" busy={portal.isPending || portal.isSuccess} onClick={() => portal.mutate()}>
            {t('manageBilling')}
          </Button>
        )}
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {t('cancelSubscription')}
        </Button>
      </div>

      <Modal
        open={confirming}
        title={t('cancelDialogTitle', { plan: planName })}
        onClose={() => {
          if (!cancel.isPending) setConfirming(false);
        }}
        footer={
          <>
            <Button variant="secondary" disabled={cancel.isPending} onClick={() => setConfirming(false)}>
              {t('keepSubscription')}
            </Button>
            <Button variant="danger" busy={cancel.isPending} onClick={() => cancel.mutate()}>
              {t('confirmCancel')}
            </Button>
          </>
        }
      >
        <p className={styles.dialogText}>{t('cancelDialogText')}</p>
        <p className={styles.dialogText}>{t('cancelDialogRefund')}</p>
      </Modal>
    </section>
  );
}
