import type { ReactNode } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { homeMessages } from './home.messages';
import { keepBrandsWhole } from './keep-brands-whole';

type HomeMessageKey = keyof (typeof homeMessages)['en'];

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      className="shell-feature__icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

const features: { title: HomeMessageKey; text: HomeMessageKey; icon: ReactNode }[] = [
  {
    title: 'featureAudioTitle',
    text: 'featureAudioText',
    icon: (
      <Icon>
        <path d="M11 5 6 9H3v6h3l5 4V5z" />
        <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />
      </Icon>
    ),
  },
  {
    title: 'featureTextTitle',
    text: 'featureTextText',
    icon: (
      <Icon>
        <path d="M4 6h16M4 12h10M4 18h7" />
        <path d="m17 15 4 2.5-4 2.5z" />
      </Icon>
    ),
  },
  {
    title: 'featureImageTitle',
    text: 'featureImageText',
    icon: (
      <Icon>
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <circle cx="9" cy="10" r="2" />
        <path d="m21 16-5-5-9 9" />
      </Icon>
    ),
  },
  {
    title: 'featureRealismTitle',
    text: 'featureRealismText',
    icon: (
      <Icon>
        <rect x="2" y="6" width="14" height="12" rx="2" />
        <path d="m16 10 6-3v10l-6-3" />
      </Icon>
    ),
  },
  {
    title: 'featurePriceTitle',
    text: 'featurePriceText',
    icon: (
      <Icon>
        <circle cx="12" cy="12" r="9" />
        <path d="M15 9.5c-.5-1-1.6-1.5-3-1.5-1.7 0-3 .9-3 2.1 0 2.9 6 1.4 6 4.3 0 1.2-1.3 2.1-3 2.1-1.4 0-2.5-.5-3-1.5M12 6v2M12 16v2" />
      </Icon>
    ),
  },
  {
    title: 'featureHistoryTitle',
    text: 'featureHistoryText',
    icon: (
      <Icon>
        <path d="M12 3v12M7 10l5 5 5-5" />
        <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
      </Icon>
    ),
  },
];

export function KeyFeatures() {
  const t = useT(homeMessages);
  return (
    <section className="shell-section" aria-labelledby="home-features-title">
      <div className="shell-section__header">
        <p className="shell-eyebrow">{keepBrandsWhole(t('featuresEyebrow'))}</p>
        <h2 id="home-features-title" className="shell-section__title">
          {t('featuresTitle')}
        </h2>
        <p className="shell-section__lead">{t('featuresLead')}</p>
      </div>
      <ul className="shell-feature-grid">
        {features.map((feature) => (
          <li key={feature.title} className="shell-feature">
            {feature.icon}
            <h3 className="shell-feature__title">{t(feature.title)}</h3>
            <p className="shell-feature__text">{t(feature.text)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
