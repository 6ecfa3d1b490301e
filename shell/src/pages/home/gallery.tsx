import { useRef } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { usePrefersReducedMotion } from '../shared/use-prefers-reduced-motion';
import { GalleryCard } from './gallery-card';
import type { ShowcaseItem } from './showcase-items';
import { GALLERY_FILTERS, useGallery, type GalleryFilter } from './use-gallery';
import { homeMessages } from './home.messages';
import { keepBrandsWhole } from './keep-brands-whole';

type HomeMessageKey = keyof (typeof homeMessages)['en'];

const filterLabels: Record<GalleryFilter, HomeMessageKey> = {
  all: 'categoryAll',
  animation: 'categoryAnimation',
  product: 'categoryProduct',
  movie: 'categoryMovie',
  'talk show': 'categoryTalkShow',
  other: 'categoryOther',
};

export interface GalleryProps {
  items: readonly ShowcaseItem[];
}

export function Gallery({ items }: GalleryProps) {
  const t = useT(homeMessages);
  const reducedMotion = usePrefersReducedMotion();
  const gallery = useGallery(items);
  const buttonsRef = useRef<HTMLDivElement>(null);

  function choose(filter: GalleryFilter) {
    gallery.chooseFilter(filter);
    buttonsRef.current?.scrollIntoView?.({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
  }

  return (
    <section id="showcase" className="shell-section shell-home__gallery" aria-labelledby="home-gallery-title">
      <div className="shell-section__header">
        <p className="shell-eyebrow">{t('galleryEyebrow')}</p>
        <h2 id="home-gallery-title" className="shell-section__title">
          {keepBrandsWhole(t('galleryTitle'))}
        </h2>
        <p className="shell-section__lead">{t('galleryLead')}</p>
      </div>

      <div ref={buttonsRef} className="shell-chips" role="group" aria-label={t('galleryCategories')}>
        {GALLERY_FILTERS.map((filter) => (
          <button
            key={filter}
            type="button"
            className="shell-chip"
            aria-pressed={gallery.filter === filter}
            onClick={() => choose(filter)}
          >
            {t(filterLabels[filter])}
          </button>
        ))}
      </div>

      {gallery.isEmpty ? (
        <p className="shell-home__gallery-empty" role="status">
          {t('emptyCategory')}
        </p>
      ) : (
        <>
          <ul className="shell-home__gallery-grid">
            {gallery.visible.map((item) => (
              <li key={item.id}>
                <GalleryCard item={item} categoryLabel={t(filterLabels[item.category])} />
              </li>
            ))}
          </ul>
          <p className="shell-home__gallery-count" aria-live="polite">
            {t('galleryCount', { shown: gallery.visible.length, total: gallery.total })}
          </p>
          {gallery.hasMore && (
            <div className="shell-home__gallery-more">
              <Button variant="secondary" size="lg" onClick={gallery.showMore}>
                {t('moreVideos')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
