import { useQuery } from '@tanstack/react-query';
import { findPlan } from '@veo3/contracts/catalogue';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Link } from '@veo3/platform/routing/router';
import { ErrorPanel } from '@veo3/platform/ui/error-panel';
import { Spinner } from '@veo3/platform/ui/spinner';
import { fetchSubscriptionStatus, type Subscription } from '../api/billing-api';
import { billingKeys } from '../api/billing-keys';
import { PricingBanners } from '../pricing/pricing-banners';
import { SubscriptionPanel } from '../pricing/subscription-panel';
import { useBanner } from '../pricing/use-banner';
import { accountMessages } from './account.messages';
import styles from './account-page.module.css';

/** Status and credits per period, after the panel's next billing date. */
function PlanFacts({ subscription }: { subscription: Subscription }) {
  const t = useT(accountMessages);
  const lang = useLanguage();
  const credits = findPlan(subscription.planId)?.credits;
  const statusKey = `planStatus_${subscription.status}` as const;
  const known =
    statusKey === 'planStatus_active' || statusKey === 'planStatus_trialing' || statusKey === 'planStatus_past_due';
  return (
    <>
      <dt>{t('planStatus')}</dt>
      <dd data-testid="plan-status">
        {subscription.cancelAt ? t('planStatusEnding') : known ? t(statusKey) : subscription.status}
      </dd>
      {credits !== undefined && (
        <>
          <dt>{t('planCredits')}</dt>
          <dd>
            {t(subscription.billingCycle === 'yearly' ? 'planCreditsYearValue' : 'planCreditsValue', {
              count: formatNumber(credits, lang),
            })}
          </dd>
        </>
      )}
    </>
  );
}

/**
 * The current plan as the pricing page's subscription panel shows it (cancel, and Stripe's billing
 * portal where Stripe takes the payments), with its status and credits; or a way to the plans.
 */
export function PlanSection({ user, headingId }: { user: { id: string }; headingId: string }) {
  const t = useT(accountMessages);
  const { banner, showSuccess, showError, dismiss } = useBanner();
  const status = useQuery({
    queryKey: billingKeys.subscription(user.id),
    queryFn: ({ signal }) => fetchSubscriptionStatus(signal),
  });
  const active = status.data?.hasActiveSubscription ? status.data.subscription : null;

  return (
    <>
      <h2 id={headingId} className={styles.sectionTitle}>
        {t('planHeading')}
      </h2>
      <PricingBanners banner={banner} onDismiss={dismiss} />
      {status.isLoading && <Spinner />}
      {status.isError && (
        <ErrorPanel message={t('planFailed')} onRetry={() => void status.refetch()} retryLabel={t('retry')} />
      )}
      {status.data && !active && (
        <div className={styles.noPlan}>
          <p>{t('noPlan')}</p>
          <Link to="/pricing" className="pf-button pf-button--secondary pf-button--sm">
            {t('seePlans')}
          </Link>
        </div>
      )}
      {active && (
        <SubscriptionPanel
          subscription={active}
          portalAvailable={status.data?.portalAvailable ?? false}
          onSuccess={showSuccess}
          onError={showError}
          headingLevel="h3"
          extraFacts={<PlanFacts subscription={active} />}
        />
      )}
    </>
  );
}
