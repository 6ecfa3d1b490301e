import { useCallback, useMemo, useState } from 'react';
import type { ShowcaseCategory } from './showcase-items';

export type GalleryFilter = 'all' | ShowcaseCategory;

/** SPEC §9: 8 items at first, 4 after a category change, 4 more per 'More Videos'. */
export const INITIAL_COUNT = 8;
export const CATEGORY_COUNT = 4;
export const MORE_STEP = 4;

export const GALLERY_FILTERS: readonly GalleryFilter[] = ['all', 'animation', 'product', 'movie', 'talk show', 'other'];

/** What the gallery filters and pages: an outside creator's post or a community video. */
interface Categorized {
  category: ShowcaseCategory;
}

export interface GalleryView<T extends Categorized = Categorized> {
  visible: T[];
  total: number;
  hasMore: boolean;
  isEmpty: boolean;
}

export function galleryView<T extends Categorized>(
  items: readonly T[],
  filter: GalleryFilter,
  count: number,
): GalleryView<T> {
  const matching = filter === 'all' ? items : items.filter((item) => item.category === filter);
  return {
    visible: matching.slice(0, count),
    total: matching.length,
    hasMore: count < matching.length,
    isEmpty: matching.length === 0,
  };
}

export interface Gallery<T extends Categorized> extends GalleryView<T> {
  filter: GalleryFilter;
  chooseFilter: (filter: GalleryFilter) => void;
  showMore: () => void;
}

export function useGallery<T extends Categorized>(items: readonly T[]): Gallery<T> {
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
