import { useState } from 'react';
import { Link } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import heroVideo from '../../assets/hero.mp4';
import heroPoster from '../../assets/hero-poster.jpg';
import { usePrefersReducedMotion } from '../shared/use-prefers-reduced-motion';
import { GENERATOR_PATH } from '../shared/paths';
import { homeMessages } from './home.messages';

export function Hero() {
  const t = useT(homeMessages);
  const reducedMotion = usePrefersReducedMotion();
  // A failed background video leaves the gradient underneath on its own (SPEC §8).
  const [videoFailed, setVideoFailed] = useState(false);

  const facts = [
    { value: t('factLengthValue'), label: t('factLengthLabel') },
    { value: t('factCostValue'), label: t('factCostLabel') },
    { value: t('factTimeValue'), label: t('factTimeLabel') },
    { value: t('factSaveValue'), label: t('factSaveLabel') },
  ];

  return (
    <section className="shell-home__hero" aria-labelledby="home-hero-title">
      <div className="shell-home__hero-media" aria-hidden="true">
        {!videoFailed && (
          <video
            className="shell-home__hero-video"
            src={heroVideo}
            poster={heroPoster}
            muted
            loop
            playsInline
            autoPlay={!reducedMotion}
            preload={reducedMotion ? 'none' : 'auto'}
            tabIndex={-1}
            onError={() => setVideoFailed(true)}
          />
        )}
        <div className="shell-home__hero-scrim" />
      </div>
      <div className="shell-home__hero-content">
        <p className="shell-eyebrow">{t('heroEyebrow')}</p>
        <h1 id="home-hero-title" className="shell-home__hero-title">
          {t('heroTitle')}
        </h1>
        <p className="shell-home__hero-lead">{t('heroLead')}</p>
        <div className="shell-home__hero-actions">
          <Link to={GENERATOR_PATH} className="pf-button pf-button--primary pf-button--lg">
            {t('tryNow')}
          </Link>
          <Link to="/pricing" className="pf-button pf-button--secondary pf-button--lg">
            {t('viewPricing')}
          </Link>
        </div>
        <dl className="shell-home__facts">
          {facts.map((fact) => (
            <div key={fact.label} className="shell-home__fact">
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
