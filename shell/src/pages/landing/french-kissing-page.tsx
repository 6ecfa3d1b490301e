import { useT } from '@veo3/platform/i18n/i18n';
import { PageHero } from '../shared/page-hero';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import heartImage from '../../assets/french-kissing-card.jpg';
import { CtaBand } from '../shared/cta-band';
import { Faq } from '../shared/faq';
import { StepList } from '../shared/step-list';
import { frenchKissingMessages } from './french-kissing.messages';
import '../shared/marketing.css';
import './landing.css';

/** The effect's own page (the generator remote's), where this video is made. */
const EFFECT_PATH = '/effects/ai-french-kissing';

export function FrenchKissingPage() {
  const t = useT(frenchKissingMessages);
  usePageMeta(t('metaTitle'), '/ai-french-kissing', t('metaDescription'));

  const steps = [
    { title: t('stepUploadTitle'), text: t('stepUploadText') },
    { title: t('stepDescribeTitle'), text: t('stepDescribeText') },
    { title: t('stepGenerateTitle'), text: t('stepGenerateText') },
  ];
  const uses = [
    { title: t('useAnniversaryTitle'), text: t('useAnniversaryText') },
    { title: t('useStoryTitle'), text: t('useStoryText') },
    { title: t('useSocialTitle'), text: t('useSocialText') },
  ];
  const faq = [
    { question: t('faqWhatQ'), answer: t('faqWhatA') },
    { question: t('faqPhotoQ'), answer: t('faqPhotoA') },
    { question: t('faqCostQ'), answer: t('faqCostA') },
    { question: t('faqTimeQ'), answer: t('faqTimeA') },
    { question: t('faqConsentQ'), answer: t('faqConsentA') },
    { question: t('faqPrivacyQ'), answer: t('faqPrivacyA') },
  ];

  return (
    <div className="shell-container shell-landing">
      <PageHero
        titleId="kissing-title"
        eyebrow={t('eyebrow')}
        title={t('title')}
        lead={t('lead')}
        primary={{ to: EFFECT_PATH, label: t('cta') }}
        secondary={{ to: '/video-effects', label: t('secondaryCta') }}
        media={
          <div className="shell-page-hero__media">
            <img src={heartImage} alt={t('imageAlt')} width={640} height={360} />
          </div>
        }
      >
        <ul className="shell-landing__facts">
          <li>{t('factCost')}</li>
          <li>{t('factLength')}</li>
          <li>{t('factTime')}</li>
        </ul>
      </PageHero>

      <section className="shell-section" aria-labelledby="kissing-steps-title">
        <div className="shell-section__header">
          <p className="shell-eyebrow">{t('stepsEyebrow')}</p>
          <h2 id="kissing-steps-title" className="shell-section__title">
            {t('stepsTitle')}
          </h2>
        </div>
        <StepList steps={steps} label={(number) => t('stepLabel', { number })} />
      </section>

      <section className="shell-section" aria-labelledby="kissing-uses-title">
        <div className="shell-section__header">
          <p className="shell-eyebrow">{t('useEyebrow')}</p>
          <h2 id="kissing-uses-title" className="shell-section__title">
            {t('useTitle')}
          </h2>
        </div>
        <div className="shell-landing__split">
          <ul className="shell-landing__uses">
            {uses.map((use) => (
              <li key={use.title} className="shell-feature">
                <h3 className="shell-feature__title">{use.title}</h3>
                <p className="shell-feature__text">{use.text}</p>
              </li>
            ))}
          </ul>
          <aside className="shell-landing__tips" aria-labelledby="kissing-tips-title">
            <h3 id="kissing-tips-title" className="shell-landing__tips-title">
              {t('tipsTitle')}
            </h3>
            <ul className="shell-check-list">
              <li>{t('tipFaces')}</li>
              <li>{t('tipLight')}</li>
              <li>{t('tipPrompt')}</li>
              <li>{t('tipConsent')}</li>
            </ul>
          </aside>
        </div>
      </section>

      <section className="shell-section" aria-labelledby="kissing-faq-title">
        <div className="shell-section__header">
          <p className="shell-eyebrow">{t('faqEyebrow')}</p>
          <h2 id="kissing-faq-title" className="shell-section__title">
            {t('faqTitle')}
          </h2>
        </div>
        <Faq items={faq} />
      </section>

      <CtaBand title={t('ctaTitle')} text={t('ctaText')} action={t('ctaButton')} to={EFFECT_PATH} />
    </div>
  );
}
