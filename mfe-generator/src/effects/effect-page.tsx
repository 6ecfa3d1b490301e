import { useQuery } from '@tanstack/react-query';
import type { Effect } from '@veo3/contracts/effects';
import { ApiError } from '@veo3/platform/api/api-client';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { Link, useParams } from '@veo3/platform/routing/router';
import { useCaptionsTrack } from '@veo3/platform/media/use-captions-track';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { ErrorPanel } from '@veo3/platform/ui/error-panel';
import { Spinner } from '@veo3/platform/ui/spinner';
import { effectKeys, fetchEffect } from '../api/effects-api';
import { EffectForm } from './effect-form';
import { effectsMessages } from './effects.messages';
import './effects.css';

/** A sample's box by the effect's shape, so the page does not move as the video loads. */
const sampleSize = (effect: Effect) =>
  effect.settings.aspect_ratio === '9:16' ? { width: 720, height: 1280 } : { width: 1280, height: 720 };

/** SPEC §2 'Effect page': the effect (name, sample, price, FAQ) and its own form with Create. */
export default function EffectPage() {
  const t = useT(effectsMessages);
  const { slug = '' } = useParams();
  const effect = useQuery({ queryKey: effectKeys.one(slug), queryFn: ({ signal }) => fetchEffect(slug, signal) });
  const missing = effect.error instanceof ApiError && effect.error.status === 404;

  if (effect.data) return <EffectView effect={effect.data} />;
  return (
    <div className="fx-page">
      <Meta title={missing ? t('notFoundTitle') : t('allEffects')} slug={slug} />
      {effect.isPending ? (
        <p role="status" className="fx-status">
          <Spinner size="sm" label="" /> {t('effectLoading')}
        </p>
      ) : missing ? (
        <section className="fx-page__header">
          <h1 className="fx-effect__title">{t('notFoundTitle')}</h1>
          <p>{t('notFoundText')}</p>
          <Link to="/video-effects">{t('showAll')}</Link>
        </section>
      ) : (
        <ErrorPanel title={t('effectLoadFailed')} onRetry={() => void effect.refetch()} retryLabel={t('retry')} />
      )}
    </div>
  );
}

function Meta({ title, slug, description }: { title: string; slug: string; description?: string }) {
  usePageMeta(title, `/effects/${encodeURIComponent(slug)}`, description);
  return null;
}

function EffectView({ effect }: { effect: Effect }) {
  const t = useT(effectsMessages);
  const lang = useLanguage();
  const name = effect.name[lang];
  // The sample's captions say what the effect does, for the whole of the sample.
  const captionsRef = useCaptionsTrack(effect.description[lang], effect.settings.duration_s);
  return (
    <div className="fx-page">
      <Meta title={t('effectMetaTitle', { name })} slug={effect.slug} description={effect.description[lang]} />
      <nav aria-label={t('breadcrumb')}>
        <Link to="/">{t('home')}</Link> / <Link to="/video-effects">{t('allEffects')}</Link> / <span>{name}</span>
      </nav>
      <div className="fx-effect">
        <div>
          {effect.sample_url && (
            <video
              className="fx-effect__video"
              src={effect.sample_url}
              poster={effect.poster_url ?? undefined}
              controls
              preload="none"
              playsInline
              aria-label={t('sampleLabel', { name })}
              {...sampleSize(effect)}
            >
              <track ref={captionsRef} kind="captions" srcLang={lang} label={t('captionsLabel')} />
            </video>
          )}
        </div>
        <div>
          {effect.badge && (
            <p>
              <span className={`fx-badge fx-badge--${effect.badge}`}>{t(`badge_${effect.badge}`)}</span>
            </p>
          )}
          <h1 className="fx-effect__title">{name}</h1>
          <p>{effect.description[lang]}</p>
          <p className="fx-effect__price">{t('price', { price: effect.price })}</p>
          <EffectForm key={effect.slug} effect={effect} />
        </div>
      </div>
      {effect.faq.length > 0 && (
        <section className="fx-faq" aria-labelledby="fx-faq-title">
          <h2 id="fx-faq-title">{t('faqTitle')}</h2>
          {effect.faq.map((faq) => (
            <details key={faq.question.en}>
              <summary>{faq.question[lang]}</summary>
              <p>{faq.answer[lang]}</p>
            </details>
          ))}
        </section>
      )}
    </div>
  );
}
