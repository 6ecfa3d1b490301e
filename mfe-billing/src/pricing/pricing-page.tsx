import { useId, useState } from 'react';
import { Link, useNavigate } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { useSession } from '@veo3/platform/session/use-session';
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
  const plansId = useId();
  const packsId = useId();
  usePageMeta(t('title'), '/pricing', t('metaDescription'));

  // Purchasing needs a signed-in user (SPEC §5); visitors are sent to sign in first.
  const choose = (next: Purchase) => (user ? setPurchase(next) : navigate('/login'));

  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <p className={styles.eyebrow}>{t('eyebrow')}</p>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.intro}>{t('intro', { cost: VIDEO_COST_CREDITS })}</p>
      </header>

      <div role="status" className={styles.noticeSlot}>
        {!user && (
          <p className={styles.notice}>
            <span>{t('loginNotice')}</span>
            <Link to="/login" className="pf-button pf-button--secondary pf-button--sm">
              {t('login')}
            </Link>
          </p>
        )}
      </div>

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
              actionLabel={t('subscribe')}
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

      <PurchaseModal purchase={purchase} onClose={() => setPurchase(null)} />
    </div>
  );
}
