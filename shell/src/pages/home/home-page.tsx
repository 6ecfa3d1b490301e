import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { Faq } from '../shared/faq';
import { Gallery } from './gallery';
import { Hero } from './hero';
import { HowToSteps } from './how-to-steps';
import { KeyFeatures } from './key-features';
import { showcaseItems } from './showcase-items';
import { useCommunityItems } from './use-community-items';
import { homeMessages } from './home.messages';
import { keepBrandsWhole } from './keep-brands-whole';
import '../shared/marketing.css';
import './home-page.css';

export function HomePage() {
  const t = useT(homeMessages);
  const community = useCommunityItems();
  usePageMeta(t('metaTitle'), '/', t('metaDescription'));

  const faq = [
    { question: keepBrandsWhole(t('faqWhatQ')), answer: t('faqWhatA') },
    { question: t('faqCostQ'), answer: t('faqCostA') },
    { question: t('faqLengthQ'), answer: t('faqLengthA') },
    { question: t('faqImageQ'), answer: t('faqImageA') },
    { question: t('faqCommercialQ'), answer: t('faqCommercialA') },
    { question: t('faqFailQ'), answer: t('faqFailA') },
    { question: t('faqRefundQ'), answer: t('faqRefundA') },
  ];

  return (
    <div className="shell-home">
      <Hero />
      <div className="shell-container">
        <Gallery items={showcaseItems} community={community} />
        <KeyFeatures />
        <HowToSteps />
        <section className="shell-section" aria-labelledby="home-faq-title">
          <div className="shell-section__header">
            <p className="shell-eyebrow">{t('faqEyebrow')}</p>
            <h2 id="home-faq-title" className="shell-section__title">
              {t('faqTitle')}
            </h2>
          </div>
          <Faq items={faq} />
        </section>
      </div>
    </div>
  );
}
