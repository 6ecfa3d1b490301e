import { useT } from '@veo3/platform/i18n/i18n';
import { formatPrice } from './format-price';
import { OfferCard } from './offer-card';
import { bestValueId, CREDIT_PACKS, type CreditPack } from './plans';
import { pricingMessages } from './pricing.messages';
import { useOfferFacts } from './use-offer-facts';

const bestPack = bestValueId(CREDIT_PACKS, (pack) => pack.price);

/** The one-time credit packs' cards: every number on them comes from the catalogue. */
export function PackCards({ onChoose }: { onChoose: (pack: CreditPack) => void }) {
  const t = useT(pricingMessages);
  const facts = useOfferFacts();
  return (
    <>
      {CREDIT_PACKS.map((pack) => (
        <OfferCard
          key={pack.id}
          name={facts.name(pack)}
          price={formatPrice(pack.price)}
          priceSuffix={t('oneTime')}
          credits={facts.credits(pack.credits, false)}
          videos={facts.videos(pack.credits, false)}
          features={[facts.video, t('neverExpire')]}
          badge={pack.id === bestPack ? t('bestValue') : undefined}
          actionLabel={t('buyNow')}
          onAction={() => onChoose(pack)}
        />
      ))}
    </>
  );
}
