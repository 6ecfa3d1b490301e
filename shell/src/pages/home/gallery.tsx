import { useMemo, useRef } from 'react';
import { useT } from '@veo3/platform/i18n/i18n';
import { Button } from '@veo3/platform/ui/button';
import { usePrefersReducedMotion } from '../shared/use-prefers-reduced-motion';
import { CommunityCard } from './community-card';
import { isCommunityItem, withCommunity, type CommunityItem } from './community-items';
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
  /** The community's videos, shown among the posts once they have been read (none in the pre-rendered page). */
  community?: readonly CommunityItem[];
}

const NO_COMMUNITY: readonly CommunityItem[] = [];

export function Gallery({ items, community = NO_COMMUNITY }: GalleryProps) {
  const t = useT(homeMessages);
  const reducedMotion = usePrefersReducedMotion();
  const merged = useMemo(() => withCommunity(items, community), [items, community]);
  const gallery = useGallery(merged);
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
            {/* Each slot keeps its place (keyed by position) when the community's videos arrive: a card
                changes in place, same size, and none moves (no layout shift). */}
            {gallery.visible.map((item, index) => (
              // oxlint-disable-next-line react/no-array-index-key
              <li key={index}>
                {isCommunityItem(item) ? (
                  <CommunityCard key={item.id} item={item} categoryLabel={t(filterLabels[item.category])} />
                ) : (
                  <GalleryCard key={item.id} item={item} categoryLabel={t(filterLabels[item.category])} />
                )}
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
      <p className="shell-home__gallery-community">
        {/* The server makes the community gallery's page: a document load, not the app's navigation. */}
        <a href="/explore">{t('seeCommunity')}</a>
      </p>
    </section>
  );
}
