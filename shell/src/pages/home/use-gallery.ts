import { useCallback, useMemo, useState } from 'react';
import type { ShowcaseCategory, ShowcaseItem } from './showcase-items';

export type GalleryFilter = 'all' | ShowcaseCategory;

/** SPEC §9: 8 items at first, 4 after a category change, 4 more per 'More Videos'. */
export const INITIAL_COUNT = 8;
export const CATEGORY_COUNT = 4;
export const MORE_STEP = 4;

export const GALLERY_FILTERS: readonly GalleryFilter[] = ['all', 'animation', 'product', 'movie', 'talk show', 'other'];

export interface GalleryView {
  visible: ShowcaseItem[];
  total: number;
  hasMore: boolean;
  isEmpty: boolean;
}

export function galleryView(items: readonly ShowcaseItem[], filter: GalleryFilter, count: number): GalleryView {
  const matching = filter === 'all' ? items : items.filter((item) => item.category === filter);
  return {
    visible: matching.slice(0, count),
    total: matching.length,
    hasMore: count < matching.length,
    isEmpty: matching.length === 0,
  };
}

export interface Gallery extends GalleryView {
  filter: GalleryFilter;
  chooseFilter: (filter: GalleryFilter) => void;
  showMore: () => void;
}

export function useGallery(items: readonly ShowcaseItem[]): Gallery {
  const [filter, setFilter] = useState<GalleryFilter>('all');
  const [count, setCount] = useState(INITIAL_COUNT);

  const chooseFilter = useCallback((next: GalleryFilter) => {
    setFilter(next);
    setCount(CATEGORY_COUNT);
  }, []);
  const showMore = useCallback(() => setCount((current) => current + MORE_STEP), []);

  const view = useMemo(() => galleryView(items, filter, count), [items, filter, count]);
  return { ...view, filter, chooseFilter, showMore };
}
