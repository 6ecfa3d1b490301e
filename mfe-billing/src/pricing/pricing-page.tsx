import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useSession } from '@veo3/platform/session/use-session';
import { Button } from '@veo3/platform/ui/button';
import { Spinner } from '@veo3/platform/ui/spinner';
import { fetchSubscriptionStatus } from '../api/billing-api';
import { billingKeys } from '../api/billing-keys';
import { formatPrice } from './format-price';
import { OfferCard } from './offer-card';
import {
  bestValueId,
  CREDIT_PACKS,
  SUBSCRIPTION_PLANS,
  VIDEO_COST_CREDITS,
  videosFor,
  type PlanFeature,
  type PlanId,
} from './plans';
import { pricingMessages } from './pricing.messages';
import { PurchaseModal, type Purchase } from './purchase-modal';
import { SubscriptionPanel } from './subscription-panel';
import { useBanner } from './use-banner';
import styles from './pricing-page.module.css';

const TAGLINES = { lite: 'taglineLite', pro: 'taglinePro', 'pro+': 'taglineProPlus' } as const satisfies Record<
  PlanId,
  string
>;
const FEATURES = {
  standardSpeed: 'featureStandardSpeed',
  fastestSpeed: 'featureFastestSpeed',
  commercialRights: 'featureCommercialRights',
  prioritySupport: 'featurePrioritySupport',
} as const satisfies Record<PlanFeature, string>;

const bestPlan = bestValueId(SUBSCRIPTION_PLANS, (plan) => plan.monthlyPrice);
const bestPack = bestValueId(CREDIT_PACKS, (pack) => pack.price);

export default function PricingPage() {
  const t = useT(pricingMessages);
  const { user } = useSession();
  const navigate = useNavigate();
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const { banner, showSuccess, showError, dismiss } = useBanner();
  const plansId = useId();
  const packsId = useId();
  usePageMeta(t('title'), '/pricing', t('metaDescription'));

  const status = useQuery({
    queryKey: billingKeys.subscription(user?.id ?? 'signed-out'),
    queryFn: ({ signal }) => fetchSubscriptionStatus(signal),
    enabled: Boolean(user),
  });
  const active = user && status.data?.hasActiveSubscription ? status.data.subscription : null;
  // Until the status is known a subscriber could start a second plan; the server would refuse it anyway.
  const plansLocked = Boolean(active) || (Boolean(user) && status.isLoading);

  // Purchasing needs a signed-in user (SPEC §5); visitors are sent to sign in first.
  const choose = (next: Purchase) => (user ? setPurchase(next) : navigate('/login'));

  const planAction = (planId: PlanId) => {
    if (!active) return t('subscribe');
    return active.planId === planId ? t('currentPlan') : t('switchPlan');
  };

  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <p className={styles.eyebrow}>{t('eyebrow')}</p>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.intro}>{t('intro', { cost: VIDEO_COST_CREDITS })}</p>
      </header>

      {!user && (
        <div className={styles.noticeSlot}>
          <p className={styles.notice}>
            <span>{t('loginNotice')}</span>
            <Link to="/login" className="pf-button pf-button--secondary pf-button--sm">
              {t('login')}
            </Link>
          </p>
        </div>
      )}

      {/* Banners (SPEC §4): live regions that exist before their text arrives, so it is announced. */}
      <div className={styles.banners}>
        <div role="status" data-testid="success-banner">
          {banner?.kind === 'success' && (
            <p className={`${styles.banner} ${styles.bannerSuccess}`}>
              <span>{banner.text}</span>
              <button type="button" className={styles.bannerClose} aria-label={t('dismiss')} onClick={dismiss}>
                ×
              </button>
            </p>
          )}
        </div>
        <div role="alert" data-testid="error-banner">
          {banner?.kind === 'error' && (
            <p className={`${styles.banner} ${styles.bannerError}`}>
              <span>{banner.text}</span>
              <button type="button" className={styles.bannerClose} aria-label={t('dismiss')} onClick={dismiss}>
                ×
              </button>
            </p>
          )}
        </div>
      </div>

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

      <section className={styles.section} aria-labelledby={plansId}>
        <div className={styles.sectionHeader}>
          <h2 id={plansId} className={styles.sectionTitle}>
            {t('plansHeading')}
          </h2>
          <p className={styles.sectionNote}>{t('plansNote')}</p>
        </div>
        <div className={styles.grid}>
          {SUBSCRIPTION_PLANS.map((plan) => (
            <OfferCard
              key={plan.id}
              name={plan.name}
              tagline={t(TAGLINES[plan.id])}
              price={formatPrice(plan.monthlyPrice)}
              priceSuffix={t('perMonth')}
              credits={t('creditsPerMonth', { credits: plan.credits })}
              videos={t('aboutVideos', { count: videosFor(plan.credits) })}
              features={[
                t('featureMaxLength', { seconds: plan.maxVideoSeconds }),
                ...plan.features.map((feature) => t(FEATURES[feature])),
              ]}
              badge={plan.id === bestPlan ? t('bestValue') : undefined}
              statusBadge={active?.planId === plan.id ? t('currentBadge') : undefined}
              actionLabel={planAction(plan.id)}
              actionDisabled={plansLocked}
              onAction={() => choose({ kind: 'plan', plan })}
            />
          ))}
        </div>
      </section>

      <section className={styles.section} aria-labelledby={packsId}>
        <div className={styles.sectionHeader}>
          <h2 id={packsId} className={styles.sectionTitle}>
            {t('packsHeading')}
          </h2>
          <p className={styles.sectionNote}>{t('packsNote')}</p>
        </div>
        <div className={styles.grid}>
          {CREDIT_PACKS.map((pack) => (
            <OfferCard
              key={pack.id}
              name={pack.name}
              price={formatPrice(pack.price)}
              priceSuffix={t('oneTime')}
              credits={t('credits', { credits: pack.credits })}
              videos={t('aboutVideos', { count: videosFor(pack.credits) })}
              features={[t('neverExpire')]}
              badge={pack.id === bestPack ? t('bestValue') : undefined}
              actionLabel={t('buyNow')}
              onAction={() => choose({ kind: 'pack', pack })}
            />
          ))}
        </div>
      </section>

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
