import { useT } from '@veo3/platform/i18n/i18n';
import type { Subscription } from '../api/billing-api';
import { formatPrice } from './format-price';
import { OfferCard } from './offer-card';
import { bestValueId, SUBSCRIPTION_PLANS, type PlanFeature, type PlanId, type SubscriptionPlan } from './plans';
import { pricingMessages } from './pricing.messages';
import { useOfferFacts } from './use-offer-facts';

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

interface PlanCardsProps {
  /** The visitor's subscription, if any. */
  active: Subscription | null;
  /** Subscribing is not offered (a subscriber, or a status still loading). */
  locked: boolean;
  onChoose: (plan: SubscriptionPlan) => void;
}

/** The subscription plans' cards: every number on them comes from the catalogue. */
export function PlanCards({ active, locked, onChoose }: PlanCardsProps) {
  const t = useT(pricingMessages);
  const facts = useOfferFacts();

  const planAction = (planId: PlanId) => {
    if (!active) return t('subscribe');
    return active.planId === planId ? t('currentPlan') : t('switchPlan');
  };

  return (
    <>
      {SUBSCRIPTION_PLANS.map((plan) => (
        <OfferCard
          key={plan.id}
          name={facts.name(plan)}
          tagline={t(TAGLINES[plan.id])}
          price={formatPrice(plan.monthlyPrice)}
          priceSuffix={t('perMonth')}
          credits={facts.credits(plan.credits, true)}
          videos={facts.videos(plan.credits, true)}
          features={[facts.video, ...plan.features.map((feature) => t(FEATURES[feature]))]}
          badge={plan.id === bestPlan ? t('bestValue') : undefined}
          statusBadge={active?.planId === plan.id ? t('currentBadge') : undefined}
          actionLabel={planAction(plan.id)}
          actionDisabled={locked}
          onAction={() => onChoose(plan)}
        />
      ))}
    </>
  );
}
