import { useState } from 'react';
import { Link } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import kissingImage from '../../assets/french-kissing-card.jpg';
import asmrImage from '../../assets/asmr-crystal-poster.jpg';
import { videoEffectsMessages } from './video-effects.messages';
import '../shared/marketing.css';
import './video-effects-page.css';

type EffectsMessageKey = keyof (typeof videoEffectsMessages)['en'];

const categories: EffectsMessageKey[] = [
  'categoryAll',
  'categoryInteraction',
  'categoryAppearance',
  'categoryEmotions',
  'categoryEntertainment',
  'categoryHeroVillain',
  'categoryHorrorFantasy',
  'categoryXmas',
  'categoryOthers',
];

const effects: {
  path: string;
  image: string;
  title: EffectsMessageKey;
  text: EffectsMessageKey;
  badge: 'hot' | 'new';
}[] = [
  {
    path: '/ai-french-kissing',
    image: kissingImage,
    title: 'kissingTitle',
    text: 'kissingText',
    badge: 'hot',
  },
  { path: '/asmr-video', image: asmrImage, title: 'asmrTitle', text: 'asmrText', badge: 'new' },
];

export function VideoEffectsPage() {
  const t = useT(videoEffectsMessages);
  usePageMeta(t('metaTitle'), '/video-effects', t('metaDescription'));
  // The chips mark a choice but do not filter (SPEC §2): every effect fits every category so far.
  const [category, setCategory] = useState<EffectsMessageKey>('categoryAll');

  return (
    <div className="shell-container shell-effects">
      <header className="shell-effects__header">
        <p className="shell-eyebrow">{t('eyebrow')}</p>
        <h1 className="shell-effects__title shell-gradient-text">{t('title')}</h1>
        <p className="shell-section__lead">{t('lead')}</p>
      </header>

      <div className="shell-chips" role="group" aria-label={t('categories')}>
        {categories.map((key) => (
          <button
            key={key}
            type="button"
            className="shell-chip"
            aria-pressed={category === key}
            onClick={() => setCategory(key)}
          >
            {t(key)}
          </button>
        ))}
      </div>

      <ul className="shell-effects__grid">
        {effects.map((effect) => (
          <li key={effect.path}>
            <Link to={effect.path} className="shell-effect-card">
              <span className="shell-effect-card__media">
                <img src={effect.image} alt="" width={640} height={360} loading="lazy" />
                <span className={`shell-badge shell-badge--${effect.badge} shell-effect-card__badge`}>
                  {t(effect.badge === 'hot' ? 'badgeHot' : 'badgeNew')}
                </span>
              </span>
              <span className="shell-effect-card__body">
                <h2 className="shell-effect-card__title">{t(effect.title)}</h2>
                <span className="shell-effect-card__text">{t(effect.text)}</span>
                <span className="shell-effect-card__cta" aria-hidden="true">
                  {t('tryEffect')} →
                </span>
              </span>
            </Link>
          </li>
        ))}
        <li className="shell-effects__more">
          <h2 className="shell-effects__more-title">{t('moreTitle')}</h2>
          <p>{t('moreText')}</p>
          <Link to="/text-to-veo3-video" className="pf-button pf-button--secondary pf-button--md">
            {t('openGenerator')}
          </Link>
        </li>
      </ul>
    </div>
  );
}
