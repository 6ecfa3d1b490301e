import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { PageHero } from '../shared/page-hero';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import crystalVideo from '../../assets/asmr-crystal.mp4';
import crystalPoster from '../../assets/asmr-crystal-poster.jpg';
import rainVideo from '../../assets/asmr-rain.mp4';
import rainPoster from '../../assets/asmr-rain-poster.jpg';
import sandVideo from '../../assets/asmr-sand.mp4';
import sandPoster from '../../assets/asmr-sand-poster.jpg';
import { CtaBand } from '../shared/cta-band';
import { usePrefersReducedMotion } from '../shared/use-prefers-reduced-motion';
import { asmrVideoMessages } from './asmr-video.messages';
import { useCaptionsTrack } from '@veo3/platform/media/use-captions-track';
import '../shared/marketing.css';
import './landing.css';

/** The effect's own page (the generator remote's), where this video is made. */
const EFFECT_PATH = '/effects/asmr-video';

type AsmrMessageKey = keyof (typeof asmrVideoMessages)['en'];

interface Example {
  video: string;
  poster: string;
  title: AsmrMessageKey;
  prompt: AsmrMessageKey;
  caption: AsmrMessageKey;
}

const EXAMPLE_SECONDS = 5;

const examples: Example[] = [
  {
    video: crystalVideo,
    poster: crystalPoster,
    title: 'exampleGlassTitle',
    prompt: 'exampleGlassPrompt',
    caption: 'exampleGlassCaption',
  },
  {
    video: rainVideo,
    poster: rainPoster,
    title: 'exampleRainTitle',
    prompt: 'exampleRainPrompt',
    caption: 'exampleRainCaption',
  },
  {
    video: sandVideo,
    poster: sandPoster,
    title: 'exampleSandTitle',
    prompt: 'exampleSandPrompt',
    caption: 'exampleSandCaption',
  },
];

const ideas: AsmrMessageKey[] = [
  'ideaSoap',
  'ideaGlass',
  'ideaHoney',
  'ideaWhisper',
  'ideaPages',
  'ideaKeyboard',
  'ideaSlime',
  'ideaFire',
];

function ExampleVideo({ example }: { example: Example }) {
  const t = useT(asmrVideoMessages);
  const lang = useLanguage();
  const captionsRef = useCaptionsTrack(t(example.caption), EXAMPLE_SECONDS);
  return (
    <figure className="shell-example">
      <video
        className="shell-example__video"
        src={example.video}
        poster={example.poster}
        controls
        playsInline
        preload="metadata"
        aria-label={t(example.title)}
      >
        <track ref={captionsRef} kind="captions" srcLang={lang} label={t('captionsLabel')} />
      </video>
      <figcaption className="shell-example__caption">
        <h3 className="shell-example__title">{t(example.title)}</h3>
        <p className="shell-example__prompt">
          <span className="shell-example__prompt-label">{t('promptLabel')}</span>
          {t(example.prompt)}
        </p>
      </figcaption>
    </figure>
  );
}

export function AsmrVideoPage() {
  const t = useT(asmrVideoMessages);
  usePageMeta(t('metaTitle'), '/asmr-video', t('metaDescription'));
  const reducedMotion = usePrefersReducedMotion();

  return (
    <div className="shell-container shell-landing">
      <PageHero
        titleId="asmr-title"
        eyebrow={t('eyebrow')}
        title={t('title')}
        lead={t('lead')}
        primary={{ to: EFFECT_PATH, label: t('cta') }}
        secondary={{ to: '/video-effects', label: t('secondaryCta') }}
        media={
          <div className="shell-page-hero__media" aria-hidden="true">
            <video
              src={crystalVideo}
              poster={crystalPoster}
              muted
              loop
              playsInline
              autoPlay={!reducedMotion}
              preload={reducedMotion ? 'none' : 'auto'}
              tabIndex={-1}
            />
          </div>
        }
      />

      <section className="shell-section" aria-labelledby="asmr-examples-title">
        <div className="shell-section__header">
          <p className="shell-eyebrow">{t('examplesEyebrow')}</p>
          <h2 id="asmr-examples-title" className="shell-section__title">
            {t('examplesTitle')}
          </h2>
          <p className="shell-section__lead">{t('examplesLead')}</p>
        </div>
        <ul className="shell-landing__examples">
          {examples.map((example) => (
            <li key={example.title}>
              <ExampleVideo example={example} />
            </li>
          ))}
        </ul>
      </section>

      <section className="shell-section" aria-labelledby="asmr-tips-title">
        <div className="shell-section__header">
          <p className="shell-eyebrow">{t('tipsEyebrow')}</p>
          <h2 id="asmr-tips-title" className="shell-section__title">
            {t('tipsTitle')}
          </h2>
        </div>
        <div className="shell-landing__split">
          <ul className="shell-check-list shell-landing__tips-list">
            <li>{t('tipSound')}</li>
            <li>{t('tipClose')}</li>
            <li>{t('tipSlow')}</li>
            <li>{t('tipMusic')}</li>
          </ul>
          <aside className="shell-landing__tips" aria-labelledby="asmr-ideas-title">
            <h3 id="asmr-ideas-title" className="shell-landing__tips-title">
              {t('ideasTitle')}
            </h3>
            <ul className="shell-landing__tags">
              {ideas.map((idea) => (
                <li key={idea}>{t(idea)}</li>
              ))}
            </ul>
          </aside>
        </div>
      </section>

      <CtaBand title={t('ctaTitle')} text={t('ctaText')} action={t('ctaButton')} to={EFFECT_PATH} />
    </div>
  );
}
