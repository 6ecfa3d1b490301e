import type { Effect } from '@veo3/contracts/effects';
import { Link } from '@veo3/platform/routing/router';
import { useLanguage, useT } from '@veo3/platform/i18n/i18n';
import { effectsMessages } from './effects.messages';
import { useSamplePreview } from './use-sample-preview';

/** Cards in the first row load their poster at once; the others as they come near. */
const EAGER_CARDS = 3;

/** One effect in the list: poster (its sample playing on hover or focus), name, description, badge, price. */
export function EffectCard({ effect, index }: { effect: Effect; index: number }) {
  const t = useT(effectsMessages);
  const lang = useLanguage();
  const { playing, videoRef, handlers } = useSamplePreview();
  return (
    <li>
      <Link to={`/effects/${encodeURIComponent(effect.slug)}`} className="fx-card" {...handlers}>
        <span className="fx-card__media">
          {effect.poster_url && (
            <img
              src={effect.poster_url}
              alt=""
              width={640}
              height={360}
              loading={index < EAGER_CARDS ? undefined : 'lazy'}
            />
          )}
          {playing && effect.sample_url && (
            <video
              ref={videoRef}
              src={effect.sample_url}
              poster={effect.poster_url ?? undefined}
              muted
              loop
              playsInline
              aria-hidden="true"
              data-testid="effect-sample"
            />
          )}
          {effect.badge && <span className={`fx-badge fx-badge--${effect.badge}`}>{t(`badge_${effect.badge}`)}</span>}
        </span>
        <span className="fx-card__body">
          <span className="fx-card__title">{effect.name[lang]}</span>
          <span className="fx-card__text">{effect.description[lang]}</span>
          <strong>{t('price', { price: effect.price })}</strong>
        </span>
      </Link>
    </li>
  );
}
