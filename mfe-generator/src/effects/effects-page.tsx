import { useQuery } from '@tanstack/react-query';
import { EFFECT_CATEGORIES, EffectCategory } from '@veo3/contracts/effects';
import { useT } from '@veo3/platform/i18n/i18n';
import { Link, useSearchParams } from '@veo3/platform/routing/router';
import { usePageMeta } from '@veo3/platform/seo/use-page-meta';
import { ErrorPanel } from '@veo3/platform/ui/error-panel';
import { Spinner } from '@veo3/platform/ui/spinner';
import { effectKeys, fetchEffects } from '../api/effects-api';
import { EffectCard } from './effect-card';
import { effectsMessages } from './effects.messages';
import './effects.css';

/** The list's address for a category chip (`?category=`, none for All): a filtered list can be linked, and Back works. */
const chipHref = (category?: EffectCategory) => (category ? `/video-effects?category=${category}` : '/video-effects');

/** SPEC §2 'Video effects': the published effects as cards, filtered by the category chips. */
export default function EffectsPage() {
  const t = useT(effectsMessages);
  const [params] = useSearchParams();
  const category = EffectCategory.safeParse(params.get('category')).data;
  const effects = useQuery({ queryKey: effectKeys.list(), queryFn: ({ signal }) => fetchEffects(signal) });
  usePageMeta(t('metaTitle'), chipHref(category), t('metaDescription'));

  const shown = effects.data?.filter((effect) => !category || effect.category === category) ?? [];
  return (
    <div className="fx-page">
      <header className="fx-page__header">
        <p className="shell-eyebrow">{t('eyebrow')}</p>
        <h1 className="fx-page__title">{t('title')}</h1>
        <p>{t('lead')}</p>
      </header>
      <nav aria-label={t('categories')}>
        <ul className="fx-chips">
          {[undefined, ...EFFECT_CATEGORIES].map((c) => (
            <li key={c ?? 'all'}>
              <Link className="fx-chip" to={chipHref(c)} aria-current={c === category ? 'page' : undefined}>
                {t(`category_${c ?? 'all'}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {effects.isPending ? (
        <p role="status" className="fx-status">
          <Spinner size="sm" label="" /> {t('loading')}
        </p>
      ) : effects.isError ? (
        <ErrorPanel title={t('loadFailed')} onRetry={() => void effects.refetch()} retryLabel={t('retry')} />
      ) : shown.length ? (
        <ul className="fx-grid">
          {shown.map((effect, index) => (
            <EffectCard key={effect.slug} effect={effect} index={index} />
          ))}
        </ul>
      ) : (
        <p className="fx-status">
          {t('empty')} {category && <Link to={chipHref()}>{t('showAll')}</Link>}
        </p>
      )}
    </div>
  );
}
