import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@veo3/platform/routing/router';
import { VIDEO_DURATION_SECONDS } from '@veo3/contracts/catalogue';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useLoginPath } from '@veo3/platform/session/login-return';
import { useSession } from '@veo3/platform/session/use-session';
import { Button } from '@veo3/platform/ui/button';
import { Spinner } from '@veo3/platform/ui/spinner';
import { fetchSubscriptionStatus } from '../api/billing-api';
import { billingKeys } from '../api/billing-keys';
import { formatPrice } from './format-price';
import { OfferSection } from './offer-section';
import { PackCards } from './pack-cards';
import { PlanCards } from './plan-cards';
import { SUBSCRIPTION_PLANS, VIDEO_COST_CREDITS } from './plans';
import { PricingBanners } from './pricing-banners';
import { pricingMessages } from './pricing.messages';
import { PurchaseModal, type Purchase } from './purchase-modal';
import { SubscriptionPanel } from './subscription-panel';
import { useBanner } from './use-banner';
import { keepPurchaseDraft, useResumePurchase } from './use-purchase-draft';
import styles from './pricing-page.module.css';

const LOWEST_PLAN_PRICE = Math.min(...SUBSCRIPTION_PLANS.map((plan) => plan.monthlyPrice));

export default function PricingPage() {
  const t = useT(pricingMessages);
  const { user } = useSession();
  const navigate = useNavigate();
  const loginPath = useLoginPath();
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const { banner, showSuccess, showError, dismiss } = useBanner();
  const plansId = useId();
  const packsId = useId();
  usePageMeta(
    t('title'),
    '/pricing',
    t('metaDescription', { price: formatPrice(LOWEST_PLAN_PRICE), cost: VIDEO_COST_CREDITS }),
  );

  const status = useQuery({
    queryKey: billingKeys.subscription(user?.id ?? 'signed-out'),
    queryFn: ({ signal }) => fetchSubscriptionStatus(signal),
    enabled: Boolean(user),
  });
  const active = user && status.data?.hasActiveSubscription ? status.data.subscription : null;
  // Until the status is known a subscriber could start a second plan; the server would refuse it anyway.
  const plansLocked = Boolean(active) || (Boolean(user) && status.isLoading);

  // Purchasing needs a signed-in user (SPEC §5): a visitor signs in first and comes back to the same choice.
  const choose = (next: Purchase) => {
    if (user) return setPurchase(next);
    keepPurchaseDraft(next);
    navigate(loginPath);
  };
  useResumePurchase(user, plansLocked, setPurchase);

  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <p className={styles.eyebrow}>{t('eyebrow')}</p>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.intro}>{t('intro', { seconds: VIDEO_DURATION_SECONDS, cost: VIDEO_COST_CREDITS })}</p>
      </header>

      {!user && (
        <div className={styles.noticeSlot}>
          <p className={styles.notice}>
            <span>{t('loginNotice')}</span>
            <Link to={loginPath} className="pf-button pf-button--secondary pf-button--sm">
              {t('login')}
            </Link>
          </p>
        </div>
      )}

      <PricingBanners banner={banner} onDismiss={dismiss} />

      {user && status.isLoading && (
        <p role="status" className={styles.statusLine}>
          <Spinner size="sm" label="" />
          <span>{t('statusLoading')}</span>
        </p>
      )}
      {user && status.isError && (
        <p className={styles.statusError}>
          <span>{t('statusFailed')}</span>
          <Button variant="secondary" size="sm" onClick={() => void status.refetch()}>
            {t('retry')}
          </Button>
        </p>
      )}
      {active && (
        <SubscriptionPanel
          subscription={active}
          portalAvailable={Boolean(status.data?.portalAvailable)}
          onSuccess={showSuccess}
          onError={showError}
        />
      )}

      <OfferSection headingId={plansId} heading={t('plansHeading')} note={t('plansNote')}>
        <PlanCards active={active} locked={plansLocked} onChoose={(plan) => choose({ kind: 'plan', plan })} />
      </OfferSection>

      <OfferSection headingId={packsId} heading={t('packsHeading')} note={t('packsNote')}>
        <PackCards onChoose={(pack) => choose({ kind: 'pack', pack })} />
      </OfferSection>

      <p className={styles.refundNote}>
        {t('refundNote')}{' '}
        <Link to="/refund-policy" className={styles.refundLink}>
          {t('refundLink')}
        </Link>
      </p>

      <PurchaseModal purchase={purchase} onClose={() => setPurchase(null)} onFailure={showError} />
    </div>
  );
}
