import { VIDEO_DURATION_SECONDS, VIDEO_MODELS } from '@veo3/contracts/catalogue';
import { formatNumber } from '@veo3/platform/i18n/format-number';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { productName, videosFor } from './plans';
import { pricingMessages } from './pricing.messages';

/** The catalogue's facts about an offer, worded in the reader's language for the cards and the payment modal. */
export function useOfferFacts() {
  const t = useT(pricingMessages);
  const lang = useLanguage();
  return {
    name: (offer: { id: string; name: string }) => productName(offer.id, lang) ?? offer.name,
    credits: (credits: number, monthly: boolean) =>
      t(monthly ? 'creditsPerMonth' : 'credits', { credits: formatNumber(credits, lang) }),
    videos: (credits: number, monthly: boolean) =>
      t(monthly ? 'aboutVideosMonthly' : 'aboutVideos', { count: formatNumber(videosFor(credits), lang) }),
    // The videos a plan's credits are counted in (videosFor): Veo's, at its resolutions.
    video: t('featureVideo', {
      seconds: VIDEO_DURATION_SECONDS,
      resolutions: new Intl.ListFormat(lang, { type: 'disjunction' }).format(Object.keys(VIDEO_MODELS.veo3.prices)),
    }),
  };
}
