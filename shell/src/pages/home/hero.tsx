import { useEffect, useState } from 'react';
import { Link } from '@veo3/platform/routing/router';
import { useT } from '@veo3/platform/i18n/i18n';
import heroVideo from '../../assets/hero.mp4';
import heroPoster from '../../assets/hero-poster.jpg';
import { usePrefersReducedMotion } from '../shared/use-prefers-reduced-motion';
import { GENERATOR_PATH } from '../shared/paths';
import { homeMessages } from './home.messages';
import { keepBrandsWhole } from './keep-brands-whole';
import './hero.css';

/** The poster's own size, so the browser reserves its box before the image arrives. */
const POSTER_WIDTH = 640;
const POSTER_HEIGHT = 360;

/** The visitor asked the browser to save data (Chromium's Network Information API). */
function savesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/**
 * True once the page has painted and loaded, when the background video may start downloading:
 * never for reduced motion or Save-Data. The first render (on the server, and while hydrating)
 * is always false, so the pre-rendered page paints with the poster alone.
 */
function useVideoAfterFirstPaint(reducedMotion: boolean): boolean {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    if (reducedMotion || savesData()) return;
    let frame = 0;
    const start = () => {
      // Two frames: after the page's first paint, not merely after this commit.
      frame = requestAnimationFrame(() => (frame = requestAnimationFrame(() => setAllowed(true))));
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      cancelAnimationFrame(frame);
    };
  }, [reducedMotion]);
  return allowed && !reducedMotion;
}

export function Hero() {
  const t = useT(homeMessages);
  const reducedMotion = usePrefersReducedMotion();
  // A failed background video leaves the gradient underneath on its own (SPEC §8).
  const [videoFailed, setVideoFailed] = useState(false);
  const showVideo = useVideoAfterFirstPaint(reducedMotion) && !videoFailed;

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
          <img
            className="shell-home__hero-poster"
            src={heroPoster}
            width={POSTER_WIDTH}
            height={POSTER_HEIGHT}
            alt=""
            fetchPriority="high"
          />
        )}
        {showVideo && (
          <video
            className="shell-home__hero-video"
            src={heroVideo}
            poster={heroPoster}
            width={POSTER_WIDTH}
            height={POSTER_HEIGHT}
            muted
            loop
            playsInline
            autoPlay
            preload="auto"
            tabIndex={-1}
            onError={() => setVideoFailed(true)}
          />
        )}
        <div className="shell-home__hero-scrim" />
      </div>
      <div className="shell-home__hero-content">
        <p className="shell-eyebrow">{keepBrandsWhole(t('heroEyebrow'))}</p>
        <h1 id="home-hero-title" className="shell-home__hero-title">
          {keepBrandsWhole(t('heroTitle'))}
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
